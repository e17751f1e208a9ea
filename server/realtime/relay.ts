import { sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import type { Db } from '../db/schema';
import { SOCKET_EVENTS } from '../../shared/realtime';
import { EVENTS_CHANNEL } from '../eventstore/append';
import { currentCheckpoint, readCommittedAfter, type Checkpoint } from '../eventstore/read';
import type { StoredEvent } from '../eventstore/stored-event';
import type { Pusher } from './pusher';

const BATCH = 500;
const SAFETY_POLL_MS = 1000;
const HELD_BACK_RETRY_MS = { first: 5, max: 200 };
const RECONNECT_MS = { first: 250, max: 5000 };

export interface RelayOptions {
  connectionString: string;
  db: Db;
  io: Server;
  pushers: Pusher[];
  logger: Logger;
}

/**
 * The live relay of one server process. A dedicated connection LISTENs for the wake-up each
 * append sends at commit; the relay then reads what is new past its checkpoint, in commit-safe
 * order, and hands it to the pushers. The checkpoint lives in memory: a process starts from the
 * head of the log, because its clients load a fresh snapshot when they connect.
 */
export class LiveRelay {
  private listener: pg.Client | null = null;
  private checkpoint: Checkpoint | null = null;
  private draining = false;
  private wakeAgain = false;
  private stopped = false;
  private heldBackDelay = HELD_BACK_RETRY_MS.first;
  private reconnectDelay = RECONNECT_MS.first;
  private retryTimer: NodeJS.Timeout | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private connected = false;
  private heldBack = false;
  /**
   * Transactions whose events are not pushed: a restore re-inserts history in one transaction and
   * announces it before it commits; clients re-snapshot instead (see docs/backup.md).
   */
  private readonly skipped = new Set<string>();

  constructor(private readonly options: RelayOptions) {}

  /** The last log position this relay has pushed (null before it starts); relay lag is measured from it. */
  get checkpointPosition(): number | null {
    return this.checkpoint?.globalPosition ?? null;
  }

  get healthy(): boolean {
    return this.connected && !this.stopped;
  }

  async start(): Promise<void> {
    this.checkpoint = await currentCheckpoint(this.options.db);
    await this.listen();
    this.pollTimer = setInterval(() => this.wake(), SAFETY_POLL_MS);
    this.pollTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const listener = this.listener;
    this.listener = null;
    this.connected = false;
    await listener?.end().catch(() => undefined);
    while (this.draining) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.connectionString });
    client.on('notification', () => this.wake());
    client.on('error', (error) => this.onListenerLost(client, error));
    client.on('end', () => this.onListenerLost(client, new Error('listener connection ended')));
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    this.listener = client;
    this.connected = true;
    this.reconnectDelay = RECONNECT_MS.first;
    // Anything committed while we were not listening is past the checkpoint: read it now.
    this.wake();
  }

  private onListenerLost(client: pg.Client, error: Error): void {
    if (this.stopped || this.listener !== client) return;
    this.listener = null;
    this.connected = false;
    this.options.logger.warn({ err: error }, 'live relay lost its listener connection');
    client.end().catch(() => undefined);
    const reconnect = () => {
      if (this.stopped) return;
      this.listen().catch((err: unknown) => {
        this.options.logger.warn({ err }, 'live relay could not reconnect yet');
        this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MS.max);
        setTimeout(reconnect, this.reconnectDelay).unref();
      });
    };
    setTimeout(reconnect, this.reconnectDelay).unref();
  }

  skipTransaction(transactionId: string): void {
    this.skipped.add(transactionId);
  }

  /** Asks for a drain; wake-ups during a drain fold into one more pass. */
  wake(): void {
    if (this.stopped || !this.checkpoint) return;
    if (this.draining) {
      this.wakeAgain = true;
      return;
    }
    void this.drain();
  }

  private async drain(): Promise<void> {
    this.draining = true;
    // This pass reads whatever a pending retry would have read.
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    try {
      do {
        this.wakeAgain = false;
        await this.drainOnce();
      } while (this.wakeAgain && !this.stopped);
      await this.retryIfHeldBack();
    } catch (error) {
      this.options.logger.error({ err: error }, 'live relay failed to read the log');
      this.scheduleRetry(RECONNECT_MS.first);
    } finally {
      this.draining = false;
    }
  }

  private async drainOnce(): Promise<void> {
    for (;;) {
      const { events, heldBack } = await readCommittedAfter(
        this.options.db,
        this.checkpoint!,
        BATCH,
      );
      this.heldBack = heldBack;
      if (events.length === 0) return;
      const last = events[events.length - 1]!;
      this.checkpoint = { transactionId: last.transactionId, globalPosition: last.globalPosition };
      this.heldBackDelay = HELD_BACK_RETRY_MS.first;
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
      if (events.length < BATCH || heldBack) return;
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

  /**
   * Events committed by a younger transaction wait until every older one has finished, and
   * those older ones may never append (so never wake us): look again shortly.
   */
  private async retryIfHeldBack(): Promise<void> {
    if (this.stopped || !this.heldBack) return;
    this.scheduleRetry(this.heldBackDelay);
    this.heldBackDelay = Math.min(this.heldBackDelay * 2, HELD_BACK_RETRY_MS.max);
  }

  private scheduleRetry(delay: number): void {
    if (this.retryTimer || this.stopped) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.wake();
    }, delay);
    this.retryTimer.unref();
  }
}
