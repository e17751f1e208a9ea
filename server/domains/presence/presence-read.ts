import { sql, type RawBuilder } from 'kysely';
import { PRESENCE_AWAY_AFTER_MS, type PresenceStatus } from '../../../shared/social';

/** A socket row whose process has not refreshed it for this long belongs to a dead process. */
export const PRESENCE_STALE_AFTER_MS = 90_000;

const interval = (ms: number) => sql.lit(`${ms} milliseconds`);

/**
 * For the member whose id is `userId` (a column reference of the enclosing query): how many
 * live sockets they have and whether any is visible and active within the last 5 minutes.
 * Meant for a `left join lateral`, so a member's presence costs no round trip of its own.
 */
export function presenceOf(userId: RawBuilder<unknown>) {
  return sql<{ sockets: number; active: boolean | null }>`(
    select count(*)::int as sockets,
      bool_or(visible and last_active_at > now() - ${interval(PRESENCE_AWAY_AFTER_MS)}::interval) as active
    from socket_presence
    where user_id = ${userId}
      and heartbeat_at > now() - ${interval(PRESENCE_STALE_AFTER_MS)}::interval
  )`;
}

/** Online while a live socket is visible and active; away while all are hidden or idle. */
export function presenceStatus(sockets: number, active: boolean | null): PresenceStatus {
  if (sockets === 0) return 'offline';
  return active ? 'online' : 'away';
}
