import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import type { Db } from '../db/schema';
import { SOCKET_EVENTS } from '../../shared/realtime';
import { EVENTS_CHANNEL } from '../eventstore/append';
import { currentCheckpoint, readCommittedAfter, type Checkpoint } from '../eventstore/read';
import type { StoredEvent } from '../eventstore/stored-event';
import { DrainLoop, type PassOutcome } from './drain-loop';
import { ListenConnection } from './listen-connection';
import type { Pusher } from './pusher';
import type { RelayedCache } from './relayed-cache';

const BATCH = 500;
const SAFETY_POLL_MS = 1000;
const HELD_BACK_RETRY_MS = { first: 5, max: 200 };
const FAILED_READ_RETRY_MS = 250;
/**
 * Under load, commits a few milliseconds apart share one read of the log and one NOTIFY: each
 * costs a write to Postgres, which on a small machine costs more than the push it serves
 * (docs/performance.md). An idle relay still reads at once.
 */
const READ_SPACING_MS = 5;
const NOTIFY_SPACING_MS = 10;
/** Every relay's listen connection is named so, and looks this often for others of its kind. */
const RELAY_APPLICATION_NAME = 'agora-relay';
const PEER_CHECK_MS = 5000;

export interface RelayOptions {
  connectionString: string;
  db: Db;
  io: Server;
  pushers: Pusher[];
  /** Per-process caches kept true by what the relay reads (see relayed-cache.ts). */
  caches?: readonly RelayedCache[];
  logger: Logger;
}

/**
 * The live relay of one server process. A dedicated connection LISTENs for wake-ups; the relay
 * then reads what is new past its checkpoint, in commit-safe order, and hands it to the pushers.
 * The checkpoint lives in memory: a process starts from the head of the log, because its clients
 * load a fresh snapshot when they connect.
 *
 * Wake-ups come from `wakeAfterCommit()` of the process that committed (its own relay at once,
 * every other one through a NOTIFY sent after the commit), from `pg_notify` queued inside an
 * append's transaction, and from a 1 s safety poll that covers a process that died between its
 * commit and its NOTIFY.
 */
export class LiveRelay {
  /** Names this process in the wake-ups it sends, so that its own relay can ignore them. */
  readonly nodeId = randomUUID();
  private readonly listener: ListenConnection;
  private readonly reader: DrainLoop;
  /** At most one NOTIFY in flight; commits meanwhile fold into one more. */
  private readonly notifier: DrainLoop;
  private checkpoint: Checkpoint | null = null;
  private stopped = false;
  /**
   * Whether other processes' relays listen. Alone, a process has nobody to wake: its NOTIFYs
   * would only cost a write each. A process that starts is found within PEER_CHECK_MS; until
   * then its 1 s safety poll finds what the others commit.
   */
  private peersListening = true;
  private peerTimer: NodeJS.Timeout | null = null;
  /**
   * Transactions whose events are not pushed: a restore re-inserts history in one transaction and
   * announces it before it commits; clients re-snapshot instead (see docs/backup.md).
   */
  private readonly skipped = new Set<string>();

  constructor(private readonly options: RelayOptions) {
    const { logger } = options;
    this.listener = new ListenConnection({
      connectionString: options.connectionString,
      channels: [EVENTS_CHANNEL],
      applicationName: RELAY_APPLICATION_NAME,
      logger,
      // Our own wake-up was acted on before it was sent. Anyone else's says we are not alone.
      onNotification: (payload) => {
        if (payload === this.nodeId) return;
        this.peersListening = true;
        this.wake();
      },
      // Anything committed while we were not listening is past the checkpoint: read it now.
      onReconnected: () => this.wake(),
    });
    this.reader = new DrainLoop({
      pass: () => this.pushNewEvents(),
      logger,
      failureMessage: 'live relay failed to read the log',
      retryMs: FAILED_READ_RETRY_MS,
      pollMs: SAFETY_POLL_MS,
      // Events committed by a younger transaction wait until every older one has finished, and
      // those older ones may never append (so never wake us): look again shortly.
      lookAgainMs: HELD_BACK_RETRY_MS,
      minIntervalMs: READ_SPACING_MS,
    });
    this.notifier = new DrainLoop({
      pass: async () => {
        if (this.peersListening) await this.listener.notify(EVENTS_CHANNEL, this.nodeId);
      },
      logger,
      // No retry: the other relays' 1 s safety poll finds the events anyway.
      failureMessage: 'live relay could not wake the other processes',
      minIntervalMs: NOTIFY_SPACING_MS,
    });
  }

  /** The last log position this relay has pushed (null before it starts); relay lag is measured from it. */
  get checkpointPosition(): number | null {
    return this.checkpoint?.globalPosition ?? null;
  }

  get healthy(): boolean {
    return this.listener.listening && !this.stopped;
  }

  async start(): Promise<void> {
    this.checkpoint = await currentCheckpoint(this.options.db);
    await this.listener.start();
    await this.checkPeers();
    // Relays that started before us learn of us now rather than at their next check.
    await this.listener.notify(EVENTS_CHANNEL, this.nodeId);
    this.peerTimer = setInterval(() => void this.checkPeers(), PEER_CHECK_MS);
    this.peerTimer.unref();
    this.reader.start();
    this.notifier.start();
    // Anything committed between reading the checkpoint and LISTEN is past the checkpoint.
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.peerTimer) clearInterval(this.peerTimer);
    await this.reader.stop();
    await Promise.all(this.options.pushers.map((pusher) => pusher.stop?.()));
    await this.notifier.stop();
    await this.listener.stop();
  }

  private async checkPeers(): Promise<void> {
    try {
      this.peersListening = (await this.listener.countPeers()) > 0;
    } catch (error) {
      // Not knowing, wake them: a NOTIFY too many costs a write, one too few a second of delay.
      this.peersListening = true;
      this.options.logger.debug({ err: error }, 'live relay could not count its peers');
    }
  }

  skipTransaction(transactionId: string): void {
    this.skipped.add(transactionId);
  }

  /** Asks for a pass over the log; wake-ups during a pass fold into one more. */
  wake(): void {
    this.reader.wake();
  }

  /**
   * Called by this process after one of its transactions that appended has committed: drops what
   * the events change from this process's caches before the command answers, pushes from this
   * process's relay at once and wakes every other process's relay. The NOTIFY is sent outside the
   * transaction, because one inside takes a global lock at commit that serialises every commit.
   */
  wakeAfterCommit(events: readonly StoredEvent[] = []): void {
    if (events.length > 0) this.invalidate(events);
    this.wake();
    this.notifier.wake();
  }

  private invalidate(events: readonly StoredEvent[]): void {
    for (const cache of this.options.caches ?? []) cache.invalidate(events);
  }

  /**
   * Hands the caches what a read found, the events still held back included: they are
   * committed, and a cache need not wait for commit order to drop what they change. A restored
   * history (a skipped transaction) was never told event by event, so the caches start over.
   */
  private tellCaches(read: { events: StoredEvent[]; waiting: StoredEvent[] }): void {
    const caches = this.options.caches ?? [];
    if (caches.length === 0) return;
    const restored =
      this.skipped.size > 0 &&
      [...read.events, ...read.waiting].some((event) => this.skipped.has(event.transactionId));
    for (const cache of caches) {
      if (restored) cache.clear();
      else {
        cache.invalidate(read.events);
        cache.invalidate(read.waiting);
      }
    }
  }

  /** Pushes everything readable past the checkpoint, a batch at a time. */
  private async pushNewEvents(): Promise<PassOutcome> {
    let progressed = false;
    const startedAt = Date.now();
    for (;;) {
      const read = await readCommittedAfter(this.options.db, this.checkpoint!, BATCH);
      const { events, heldBack } = read;
      this.tellCaches(read);
      // A page that held everything committed past the checkpoint has told the caches of every
      // commit before this pass began.
      if (read.complete) {
        for (const cache of this.options.caches ?? []) cache.readThrough(startedAt);
      }
      if (events.length === 0) return { progressed, lookAgainSoon: heldBack };
      progressed = true;
      const last = events[events.length - 1]!;
      this.checkpoint = { transactionId: last.transactionId, globalPosition: last.globalPosition };
      const pushable =
        this.skipped.size === 0
          ? events
          : events.filter((event) => !this.skipped.has(event.transactionId));
      // A skipped transaction (a restore) may hold a million events: step over the rest at once.
      if (this.skipped.has(last.transactionId)) {
        const { rows } = await sql<{ position: number }>`
          select max(global_position) as position from events
          where transaction_id = ${last.transactionId}::xid8`.execute(this.options.db);
        const position = rows[0]?.position ?? last.globalPosition;
        this.checkpoint = { transactionId: last.transactionId, globalPosition: position };
      }
      // Pushers are independent (each reads its own read models), so their reads overlap on the
      // relay's connections instead of queueing one behind another.
      await Promise.all(
        this.options.pushers.map((pusher) =>
          pusher.push(pushable, this.options.io, this.options.db).catch((error: unknown) => {
            // A failed push is repaired by the client's next snapshot; the log moves on.
            this.options.logger.error({ err: error, pusher: pusher.name }, 'push failed');
          }),
        ),
      );
      this.resyncAfterSkipped(events);
      if (events.length < BATCH || heldBack) return { progressed, lookAgainSoon: heldBack };
    }
  }

  /**
   * A transaction's events arrive together in one batch (or the rest are stepped over above), so
   * once a batch has held a skipped transaction, that transaction is behind the relay: every
   * client here is told to load its views again, since the restored history was never pushed.
   */
  private resyncAfterSkipped(events: StoredEvent[]): void {
    let restored = false;
    for (const event of events) {
      if (this.skipped.delete(event.transactionId)) restored = true;
    }
    if (restored) this.options.io.local.emit(SOCKET_EVENTS.resync);
  }
}
