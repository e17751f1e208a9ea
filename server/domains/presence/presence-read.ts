import { sql } from 'kysely';
import { PRESENCE_AWAY_AFTER_MS, type PresenceStatus } from '../../../shared/social';
import type { Db } from '../../db/schema';

/** A socket row whose process has not refreshed it for this long belongs to a dead process. */
export const PRESENCE_STALE_AFTER_MS = 90_000;

export interface Presence {
  status: PresenceStatus;
  lastSeen: Date | null;
}

/**
 * Online while any live socket is visible and active within the last 5 minutes; away while
 * sockets are connected but all hidden or idle; offline otherwise, with when they were last seen.
 */
export async function readPresenceOf(db: Db, userIds: string[]): Promise<Map<string, Presence>> {
  const result = new Map<string, Presence>();
  if (userIds.length === 0) return result;
  const unique = [...new Set(userIds)];
  const [sockets, seen] = await Promise.all([
    db
      .selectFrom('socket_presence')
      .select([
        'user_id',
        sql<boolean>`bool_or(visible and last_active_at > now() - ${sql.lit(`${PRESENCE_AWAY_AFTER_MS} milliseconds`)}::interval)`.as(
          'active',
        ),
      ])
      .where('user_id', 'in', unique)
      .where(
        'heartbeat_at',
        '>',
        sql<Date>`now() - ${sql.lit(`${PRESENCE_STALE_AFTER_MS} milliseconds`)}::interval`,
      )
      .groupBy('user_id')
      .execute(),
    db.selectFrom('last_seen').selectAll().where('user_id', 'in', unique).execute(),
  ]);
  const lastSeen = new Map(seen.map((row) => [row.user_id, row.last_seen_at]));
  const connected = new Map(sockets.map((row) => [row.user_id, row.active]));
  for (const id of unique) {
    const active = connected.get(id);
    result.set(id, {
      status: active === undefined ? 'offline' : active ? 'online' : 'away',
      lastSeen: lastSeen.get(id) ?? null,
    });
  }
  return result;
}
