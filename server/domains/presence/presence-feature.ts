import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { presenceSignalSchema, SOCKET_EVENTS } from '../../../shared/realtime';
import type { Db } from '../../db/schema';
import type { SocketFeature } from '../../realtime/socket-feature';
import type { ModuleDeps } from '../../core/module';
import { TokenBucket, type BucketRule } from '../../core/token-bucket';
import { PRESENCE_STALE_AFTER_MS } from './presence-read';

const HEARTBEAT_MS = 30_000;

/**
 * Per socket: a tab reports on connect, on each visibility change and once a minute while in use,
 * so ten at once and one every two seconds after is far above it. Each signal is a write, so a
 * socket sending more has what is over dropped (and not acknowledged).
 */
export const PRESENCE_SIGNAL_RATE: BucketRule = { burst: 10, perSecond: 0.5 };

/** Stamps `last_seen` for those of `userIds` who have no fresh socket left. */
async function stampLastSeen(db: Db, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await sql`
    insert into last_seen (user_id, last_seen_at)
    select u.id, now() from unnest(${userIds}::uuid[]) as u(id)
    where not exists (
      select 1 from socket_presence p
      where p.user_id = u.id
        and p.heartbeat_at > now() - ${sql.lit(`${PRESENCE_STALE_AFTER_MS} milliseconds`)}::interval)
    on conflict (user_id) do update set last_seen_at = excluded.last_seen_at`.execute(db);
}

/**
 * Keeps one `socket_presence` row per connected socket, owned by this process (its node id).
 * The client reports tab visibility and activity; the process refreshes its rows' heartbeat so
 * that rows of a process that died go stale and stop counting.
 */
export function createPresenceFeature(deps: Pick<ModuleDeps, 'db' | 'logger'>): SocketFeature {
  const { db, logger } = deps;
  const nodeId = randomUUID();
  const inFlight = new Set<Promise<void>>();
  let heartbeat: NodeJS.Timeout | null = null;

  const track = (work: Promise<void>): Promise<void> => {
    const tracked = work.catch((err: unknown) => logger.warn({ err }, 'presence update failed'));
    inFlight.add(tracked);
    void tracked.finally(() => inFlight.delete(tracked));
    return tracked;
  };

  return {
    name: 'presence',

    async start() {
      heartbeat = setInterval(() => {
        void track(
          db
            .updateTable('socket_presence')
            .set({ heartbeat_at: sql<Date>`now()` })
            .where('node_id', '=', nodeId)
            .execute()
            .then(() => undefined),
        );
      }, HEARTBEAT_MS);
      heartbeat.unref();
    },

    attach(socket, session) {
      const userId = session.userId;
      // One socket's writes run in order, so a quick disconnect cannot overtake the insert.
      let chain: Promise<void> = track(
        db
          .insertInto('socket_presence')
          .values({ socket_id: socket.id, user_id: userId, node_id: nodeId })
          .execute()
          .then(() => undefined),
      );
      const then = (step: () => Promise<unknown>) => {
        chain = track(chain.then(step).then(() => undefined));
        return chain;
      };

      const signals = new TokenBucket(PRESENCE_SIGNAL_RATE);
      socket.on(SOCKET_EVENTS.presence, (payload: unknown, ack?: unknown) => {
        if (!signals.take()) return;
        const signal = presenceSignalSchema.safeParse(payload);
        if (!signal.success) return;
        const { visible, active } = signal.data;
        void then(() =>
          db
            .updateTable('socket_presence')
            .set({
              visible,
              heartbeat_at: sql<Date>`now()`,
              // Hiding the tab is the member's last act in it: away comes five minutes later.
              ...(active || !visible ? { last_active_at: sql<Date>`now()` } : {}),
            })
            .where('socket_id', '=', socket.id)
            .execute(),
        ).then(() => {
          // Lets a caller (the tests) know the signal is stored.
          if (typeof ack === 'function') ack();
        });
      });

      socket.on('disconnect', () => {
        // One transaction, so nobody sees the member offline without a last-seen time.
        void then(() =>
          db.transaction().execute(async (trx) => {
            await trx.deleteFrom('socket_presence').where('socket_id', '=', socket.id).execute();
            await stampLastSeen(trx, [userId]);
          }),
        );
      });
    },

    async stop() {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      await Promise.all(inFlight);
      await db.transaction().execute(async (trx) => {
        const gone = await trx
          .deleteFrom('socket_presence')
          .where('node_id', '=', nodeId)
          .returning('user_id')
          .execute();
        await stampLastSeen(trx, [...new Set(gone.map((row) => row.user_id))]);
      });
    },
  };
}
