import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
} from '../../../shared/social/notifications';
import type { Db, Trx } from '../../db/schema';

/** A member's preferences; types they never set take the defaults. */
export async function readPreferences(
  db: Db | Trx,
  userId: string,
): Promise<NotificationPreferences> {
  const row = await db
    .selectFrom('notification_preferences')
    .select('preferences')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { ...DEFAULT_NOTIFICATION_PREFERENCES, ...row?.preferences };
}
