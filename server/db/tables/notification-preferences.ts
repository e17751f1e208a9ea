import type { JSONColumnType } from 'kysely';
import type { NotificationPreferences } from '../../../shared/social/notifications';

export interface NotificationPreferencesTable {
  user_id: string;
  preferences: JSONColumnType<NotificationPreferences>;
}
