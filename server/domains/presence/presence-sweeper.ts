import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { BackgroundWorker } from '../../core/worker';
import type { Db } from '../../db/schema';
import { PRESENCE_STALE_AFTER_MS } from './presence-read';

const stale = sql.lit(`${PRESENCE_STALE_AFTER_MS} milliseconds`);

/**
 * Removes the socket rows of processes that stopped heartbeating (killed, out of memory, cut
 * off) and stamps each member who has no live socket left with the time of their last
 * heartbeat. Reads already ignore such rows; removing them gives the member a last-seen time,
 * which only a disconnect stamped before.
 *
 * Safe on every process at once: `skip locked` hands each row to one sweeper, the upsert keeps
 * the later time, and members are stamped in id order so two sweeps never wait on each other in
 * a circle. Answers how many rows it removed.
 */
export async function sweepDeadPresence(db: Db): Promise<number> {
  const { rows } = await sql<{ removed: number }>`
    with dead as (
      select socket_id from socket_presence
      where heartbeat_at < now() - ${stale}::interval
      for update skip locked
    ), removed as (
      delete from socket_presence p using dead where p.socket_id = dead.socket_id
      returning p.user_id, p.heartbeat_at
    ), stamped as (
      insert into last_seen (user_id, last_seen_at)
      select user_id, max(heartbeat_at) from removed r
      where not exists (
        select 1 from socket_presence live
        where live.user_id = r.user_id and live.heartbeat_at >= now() - ${stale}::interval)
      group by user_id
      order by user_id
      on conflict (user_id) do update
        set last_seen_at = greatest(last_seen.last_seen_at, excluded.last_seen_at)
    )
    select count(*)::int as removed from removed`.execute(db);
  return rows[0]?.removed ?? 0;
}

export interface PresenceSweeperOptions {
  db: Db;
  logger: Logger;
  intervalMs: number;
  /**
   * After this process could not reach the database, sweeping waits this long once it can
   * again: every live process needs one heartbeat after an outage before its rows count as
   * dead. Longer than the heartbeat period.
   */
  graceMs?: number;
  now?: () => number;
}

/** Runs `sweepDeadPresence` every `intervalMs` on each process. */
export function createPresenceSweeper(options: PresenceSweeperOptions): BackgroundWorker {
  const { db, logger, intervalMs } = options;
  const graceMs = options.graceMs ?? 45_000;
  const now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  /** Since when the database has answered; null after a failed attempt. */
  let reachableSince: number | null = now() - graceMs;

  const tick = async () => {
    try {
      if (reachableSince === null || now() - reachableSince < graceMs) {
        await sql`select 1`.execute(db);
        reachableSince ??= now();
        return;
      }
      const removed = await sweepDeadPresence(db);
      if (removed > 0) logger.info({ removed }, 'removed presence rows of stopped processes');
    } catch (err) {
      reachableSince = null;
      logger.warn({ err }, 'presence sweep failed');
    }
  };
  const sweep = () => {
    running ??= tick().finally(() => {
      running = null;
    });
  };
  return {
    name: 'presence-sweeper',
    async start() {
      timer = setInterval(sweep, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
