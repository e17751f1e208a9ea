import { sql, type RawBuilder } from 'kysely';
import { DEFAULT_NOTIFICATION_SETTINGS, type MemberSettings } from '../../../shared/profiles';
import { first, mapRead, type Read } from '../../core/reads';
import type { Db } from '../../db/schema';
import { qb } from '../../db/statement';
import { presentSettings } from './member-settings';

const settingsQuery = (userId: string) =>
  qb.selectFrom('member_settings').selectAll().where('user_id', '=', userId);

export function memberSettingsRead(userId: string): Read<MemberSettings> {
  return mapRead(first(settingsQuery(userId)), presentSettings);
}

export async function readMemberSettings(db: Db, userId: string): Promise<MemberSettings> {
  const row = await db
    .selectFrom('member_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return presentSettings(row);
}

const CHANNEL_COLUMN = {
  email: 'email_notifications',
  push: 'push_notifications',
  marketing: 'marketing_emails',
} as const;

/**
 * Whether a member's notification settings let `channel` through, as an SQL condition on a member
 * reference (defaults included): where emails are decided and pushes sent, one rule for all.
 */
export function settingAllows(
  member: RawBuilder<unknown>,
  channel: keyof typeof CHANNEL_COLUMN,
): RawBuilder<boolean> {
  return sql<boolean>`coalesce((select s.${sql.ref(CHANNEL_COLUMN[channel])}
    from member_settings s where s.user_id = ${member}),
    ${DEFAULT_NOTIFICATION_SETTINGS[channel]}::boolean)`;
}
