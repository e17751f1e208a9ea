import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { DatabaseStatus, ReadTargetStatus } from '../../shared/ops/database';
import { AutoPipelinePool, type ClientPool, type PooledClient } from './auto-pipeline';
import { IDLE_CONNECTION_MS } from './database';
import { isConnectionFailure } from './connection-errors';
import { PreparedStatementClient } from './prepared-client';
import {
  backoffMs,
  chooseTarget,
  lagProblem,
  type LagLimits,
  type ReplicaView,
} from './replica-router';
import type { Database, Db } from './schema';
import { parseLsn } from '../../shared/wal-position';

export interface ReadRouterOptions extends LagLimits {
  primary: ClientPool;
  replicaUrls: readonly string[];
  poolSize: number;
  pollMs: number;
  /** The longest a read waits for a replica to replay the member's last commit. */
  waitMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  logger: Logger;
  /** The WAL position the current read must see (the member's last commit), or null. */
  required(): bigint | null;
}

/** A replica is asked this long at most for its position; past it, it counts as not answering. */
const POLL_TIMEOUT_MS = 2000;
const CONNECT_TIMEOUT_MS = 2000;
const NOT_POLLED = 'not polled yet';

const REPLICA_POSITION_SQL = `select pg_last_wal_replay_lsn()::text as replay,
  case when pg_last_wal_receive_lsn() is null or pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
    then 0 else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0)::float8
  end as lag_seconds`;

class Replica implements ReplicaView {
  readonly pool: pg.Pool;
  readonly clients: AutoPipelinePool;
  inRotation = false;
  reason: string | null = NOT_POLLED;
  replayLsn: bigint | null = null;
  lagBytes: number | null = null;
  lagSeconds: number | null = null;
  reads = 0;
  failures = 0;
  nextPollAt = 0;

  constructor(
    readonly name: string,
    url: string,
    poolSize: number,
  ) {
    this.pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      Client: PreparedStatementClient,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: IDLE_CONNECTION_MS,
    });
    // A replica that stops closes its idle connections; the pool drops them, the poll notices.
    this.pool.on('error', () => undefined);
    this.pool.on('connect', (client) => client.on('error', () => undefined));
    this.clients = new AutoPipelinePool(this.pool);
  }
}

/** host:port/database of a connection URL: enough to tell replicas apart, without credentials. */
export function replicaName(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A replica's refusals the primary would not give: a conflict with recovery (the replay removed
 * rows the read needed) and a write attempted in its read-only transactions.
 */
const REPLICA_ONLY_SQLSTATES = new Set(['40001', '25006']);

/** Whether a read a replica failed should be sent to the primary instead of failing. */
function primaryMayAnswer(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    isConnectionFailure(error) || (typeof code === 'string' && REPLICA_ONLY_SQLSTATES.has(code))
  );
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Reads of read models spread over streaming replicas (Postgres's own replication), with the
 * primary as the fallback. Each replica's replay position is polled every `pollMs`; a read goes
 * to a replica in rotation that has replayed the member's last commit, else waits up to `waitMs`
 * for one to, else goes to the primary. A replica that stops answering or lags past the bounds
 * leaves rotation (and is asked again with backoff); a read it fails for want of a connection is
 * sent again to the primary, so the member sees no error.
 */
export class ReadRouter {
  readonly db: Db;
  private readonly replicas: Replica[];
  private primaryReads = 0;
  private primaryLsn: bigint | null = null;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private waiters: (() => void)[] = [];
  private stopped = false;

  constructor(private readonly options: ReadRouterOptions) {
    this.replicas = options.replicaUrls.map(
      (url) => new Replica(replicaName(url), url, options.poolSize),
    );
    const pool: PostgresPool = {
      connect: async () => new RoutedClient(this, await this.pick()) as never,
      end: async () => undefined,
    };
    this.db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }

  /** Polls once, so the first reads already find the replicas that answer, then keeps polling. */
  async start(): Promise<void> {
    await this.poll();
    this.timer = setInterval(() => void this.poll(), this.options.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.polling;
    this.wakeWaiters();
    await Promise.all(this.replicas.map((replica) => replica.pool.end()));
  }

  status(): DatabaseStatus {
    const primary: ReadTargetStatus = {
      name: 'primary',
      role: 'primary',
      inRotation: true,
      reason: null,
      lagBytes: null,
      lagSeconds: null,
      readsServed: this.primaryReads,
    };
    return {
      replicasConfigured: true,
      targets: [
        primary,
        ...this.replicas.map((replica) => ({
          name: replica.name,
          role: 'replica' as const,
          inRotation: replica.inRotation,
          reason: replica.reason,
          lagBytes: replica.lagBytes,
          lagSeconds: replica.lagSeconds,
          readsServed: replica.reads,
        })),
      ],
    };
  }

  /** Where the next read goes: a caught-up replica, after a short wait if need be, or the primary. */
  private async pick(): Promise<Replica | null> {
    const required = this.options.required();
    const deadline = Date.now() + this.options.waitMs;
    for (;;) {
      const choice = chooseTarget(required, this.replicas, !this.stopped && Date.now() < deadline);
      if (choice.kind === 'replica') return this.replicas[choice.index]!;
      if (choice.kind === 'primary') return null;
      await this.nextPoll(deadline - Date.now());
    }
  }

  connectTo(replica: Replica | null): Promise<PooledClient> {
    return (replica ? replica.clients : this.options.primary).connect();
  }

  served(replica: Replica | null): void {
    if (replica) replica.reads += 1;
    else this.primaryReads += 1;
  }

  /** A read the replica failed: the primary answers it; a lost connection takes the replica out. */
  failed(replica: Replica, error: unknown): void {
    // Only the first of the reads a stopping replica fails counts, not each one in flight.
    if (isConnectionFailure(error) && replica.inRotation) this.markDown(replica, error);
  }

  /** Resolves after the next poll (started now if none is running), or after `ms`. */
  private nextPoll(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, ms));
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
      void this.poll();
    });
  }

  private wakeWaiters(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }

  private poll(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.polling ??= this.pollAll().finally(() => {
      this.polling = null;
      this.wakeWaiters();
    });
    return this.polling;
  }

  private async pollAll(): Promise<void> {
    const now = Date.now();
    const due = this.replicas.filter((replica) => replica.nextPollAt <= now);
    const [primary] = await Promise.all([
      this.readPrimaryLsn(),
      ...due.map((replica) => this.pollReplica(replica)),
    ]);
    if (primary !== null) this.primaryLsn = primary;
    for (const replica of due) {
      if (replica.failures > 0) continue;
      replica.lagBytes =
        this.primaryLsn === null || replica.replayLsn === null
          ? null
          : Math.max(0, Number(this.primaryLsn - replica.replayLsn));
      const problem = lagProblem(replica, this.options);
      if (problem) this.leave(replica, problem);
      else this.join(replica);
    }
  }

  private async readPrimaryLsn(): Promise<bigint | null> {
    const client = await this.options.primary.connect();
    try {
      const result = (await client.query('select pg_current_wal_lsn()::text as lsn')) as {
        rows: { lsn: string }[];
      };
      return parseLsn(result.rows[0]?.lsn);
    } catch {
      // The primary's own health is /readyz's business; lag in bytes is unknown meanwhile.
      return null;
    } finally {
      client.release();
    }
  }

  private async pollReplica(replica: Replica): Promise<void> {
    try {
      const result = await withTimeout(
        replica.pool.query<{ replay: string | null; lag_seconds: number }>(REPLICA_POSITION_SQL),
        POLL_TIMEOUT_MS,
      );
      const row = result.rows[0];
      const replay = parseLsn(row?.replay);
      if (replay === null) throw new Error('it is not replaying WAL (not a standby)');
      replica.replayLsn = replay;
      replica.lagSeconds = row!.lag_seconds;
      replica.failures = 0;
      replica.nextPollAt = 0;
    } catch (error) {
      this.markDown(replica, error);
    }
  }

  private markDown(replica: Replica, error: unknown): void {
    replica.failures += 1;
    const wait = backoffMs(replica.failures, this.options.retryBaseMs, this.options.retryMaxMs);
    replica.nextPollAt = Date.now() + wait;
    this.leave(replica, `not answering: ${messageOf(error)}`, { retryInMs: wait });
  }

  private leave(replica: Replica, reason: string, extra: object = {}): void {
    // Said when it leaves, and when it was never in rotation from the start.
    const news = replica.inRotation || replica.reason === NOT_POLLED;
    replica.inRotation = false;
    replica.reason = reason;
    if (news)
      this.options.logger.warn(
        { replica: replica.name, reason, ...extra },
        'read replica left rotation',
      );
  }

  private join(replica: Replica): void {
    if (replica.inRotation) return;
    replica.inRotation = true;
    replica.reason = null;
    this.options.logger.info(
      { replica: replica.name, lagBytes: replica.lagBytes, lagSeconds: replica.lagSeconds },
      'read replica in rotation',
    );
  }
}

/**
 * One read as Kysely runs it: on the chosen replica, and again on the primary if the replica
 * fails it (reads change nothing, so sending one twice is safe).
 */
class RoutedClient implements PooledClient {
  private client: PooledClient | null = null;

  constructor(
    private readonly router: ReadRouter,
    private target: Replica | null,
  ) {}

  async query(text: string, values?: unknown[]): Promise<unknown> {
    const target = this.target;
    try {
      this.client ??= await this.router.connectTo(target);
      const result = await this.client.query(text, values);
      this.router.served(target);
      return result;
    } catch (error) {
      if (!target || !primaryMayAnswer(error)) throw error;
      this.router.failed(target, error);
      this.release();
      this.target = null;
      return this.query(text, values);
    }
  }

  release(): void {
    this.client?.release();
    this.client = null;
  }
}
