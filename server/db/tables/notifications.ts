import type { Generated, JSONColumnType } from 'kysely';
import type { NotificationType } from '../../../shared/social/notifications';

export interface NotificationsTable {
  id: string;
  user_id: string;
  type: NotificationType;
  /** Unread notifications with the same key merge into one ("Ana and 3 others ..."). */
  group_key: string;
  title: string;
  content: string;
  actor_ids: string[];
  actor_count: number;
  priority: Generated<'low' | 'normal' | 'high'>;
  action_url: string;
  action_data: JSONColumnType<Record<string, unknown>>;
  read: Generated<boolean>;
  created_at: Date;
  updated_at: Date;
}
