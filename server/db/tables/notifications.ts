import type { Generated, JSONColumnType } from 'kysely';
import type { NotificationType } from '../../../shared/social/notifications';

export interface NotificationsTable {
  id: string;
  user_id: string;
  type: NotificationType;
  /** Unread notifications with the same key merge into one ("Ana and 3 others ..."). */
  group_key: string;
  /** What raised it (a friend request's id, a post's id): how a push finds the row again. */
  source_key: string;
  /** The note that came with it, if any (a friend request's message). */
  message: string | null;
  /** How many actors it names (their rows are `notification_actors`), kept by what is written. */
  actor_count: number;
  priority: Generated<'low' | 'normal' | 'high'>;
  action_url: string;
  action_data: JSONColumnType<Record<string, unknown>>;
  read: Generated<boolean>;
  created_at: Date;
  updated_at: Date;
}
