import type { Badges } from '../../../shared/badges';
import type { Db } from '../../db/schema';
import type { BadgesTable } from '../../db/tables/badges';

type BadgeRow = { [K in keyof BadgesTable]: K extends 'user_id' ? string : number };

/** One presenter for REST answers and socket pushes alike. */
export function presentBadges(row: Omit<BadgeRow, 'user_id'>): Badges {
  return {
    notifications: row.notifications,
    messages: row.messages,
    friendRequests: row.friend_requests,
    version: row.version,
  };
}

const EMPTY: Badges = { notifications: 0, messages: 0, friendRequests: 0, version: 0 };

export async function readBadges(db: Db, userId: string): Promise<Badges> {
  const row = await db
    .selectFrom('badges')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? presentBadges(row) : EMPTY;
}

export async function readBadgesOf(db: Db, userIds: string[]): Promise<Map<string, Badges>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('badges').selectAll().where('user_id', 'in', userIds).execute();
  return new Map(rows.map((row) => [row.user_id, presentBadges(row)]));
}
