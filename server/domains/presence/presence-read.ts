import { sql, type RawBuilder } from 'kysely';
import { PRESENCE_AWAY_AFTER_MS, type PresenceStatus } from '../../../shared/social';

/** A socket row whose process has not refreshed it for this long belongs to a dead process. */
export const PRESENCE_STALE_AFTER_MS = 90_000;

const interval = (ms: number) => sql.lit(`${ms} milliseconds`);

/**
 * Scalar subqueries on the member whose id is `userId` (a column reference of the enclosing
 * query), so a member's presence is read in the same statement as the member: how many live
 * sockets they have, and whether any was in use (or hidden) within the last 5 minutes: a tab
 * reports activity only while visible, so a hidden or idle one goes away after 5 minutes.
 */
export function liveSockets(userId: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(select count(*)::int from socket_presence
    where user_id = ${userId}
      and heartbeat_at > now() - ${interval(PRESENCE_STALE_AFTER_MS)}::interval)`;
}

export function activeSocket(userId: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from socket_presence
    where user_id = ${userId}
      and last_active_at > now() - ${interval(PRESENCE_AWAY_AFTER_MS)}::interval
      and heartbeat_at > now() - ${interval(PRESENCE_STALE_AFTER_MS)}::interval)`;
}

/** Online while a live socket was in use lately; away once all are hidden or idle for 5 minutes. */
export function presenceStatus(sockets: number, active: boolean): PresenceStatus {
  if (sockets === 0) return 'offline';
  return active ? 'online' : 'away';
}
