import { sql, type RawBuilder } from 'kysely';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
  type NotificationType,
} from '../../../shared/social/notifications';
import { first, mapRead, type Read } from '../../core/reads';
import type { Db } from '../../db/schema';
import { qb } from '../../db/statement';
import { settingAllows } from '../settings/settings-read';

/** A member's preferences; types they never set take the defaults. */
export function withDefaults(stored: Partial<NotificationPreferences> | undefined) {
  return { ...DEFAULT_NOTIFICATION_PREFERENCES, ...stored };
}

export function preferencesRead(userId: string): Read<NotificationPreferences> {
  return mapRead(
    first(
      qb.selectFrom('notification_preferences').select('preferences').where('user_id', '=', userId),
    ),
    (row) => withDefaults(row?.preferences),
  );
}

export async function readPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  const row = await db
    .selectFrom('notification_preferences')
    .select('preferences')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return withDefaults(row?.preferences);
}

/**
 * Whether `userId` wants `type` delivered `by` channel, as an SQL condition (defaults included).
 * By email it also takes the member's email switch of their settings, which silences every type.
 */
export function wants(
  member: RawBuilder<unknown>,
  type: NotificationType,
  by: 'inApp' | 'email',
): RawBuilder<boolean> {
  const perType = sql<boolean>`coalesce((select (p.preferences -> ${type} ->> ${by})::boolean
    from notification_preferences p where p.user_id = ${member}),
    ${DEFAULT_NOTIFICATION_PREFERENCES[type][by]}::boolean)`;
  return by === 'email'
    ? sql<boolean>`(${perType} and ${settingAllows(member, 'email')})`
    : perType;
}
