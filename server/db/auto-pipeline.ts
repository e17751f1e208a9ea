import type pg from 'pg';
import { PIPELINE_SQL, PipelineRequest, runPipelineOn } from './pipeline';
import { countRoundTrip, outsideRoundTripCount } from './round-trips';
import type { Statement } from './statement';

type PgResult = pg.QueryResult<Record<string, unknown>>;

/** The part of a pg client Kysely uses: `query(text, values)` and `release()`. */
export interface PooledClient {
  query(text: string, values?: unknown[]): Promise<unknown>;
  release(): void;
}

/** The part of a pg pool Kysely uses. */
export interface ClientPool {
  connect(): Promise<PooledClient>;
  end(): Promise<void>;
}

/** Queries that arrive in the same turn of the event loop, sent together. */
interface Shared {
  statements: Statement[];
  callers: {
    start: number;
    count: number;
    resolve(r: PgResult[]): void;
    reject(e: unknown): void;
  }[];
}

/** A flush no larger than this: a bound on one pipeline's size. */
const MAX_SHARED_STATEMENTS = 500;

const OPENS_TRANSACTION = /^\s*(begin|start transaction)\b/i;

/**
 * Auto-pipelining for the pool Kysely runs on. Queries sent outside a transaction in the same
 * turn of the event loop — the session look-ups of concurrent requests, commands' reads, the
 * relay's pushers reading side by side — go to Postgres as one pipeline on one connection: one
 * write and one round trip instead of one each, which on a small machine is what a query costs
 * most (docs/performance.md). They share an implicit transaction, which for reads changes
 * nothing. A shared pipeline that fails is sent again one caller at a time, so one caller's bad
 * query never fails another's.
 *
 * A connection that opens a transaction (Kysely's `transaction()`), or that is sent a pipeline
 * not marked shareable (a command's write, a serialised command's BEGIN), becomes a real pool
 * connection for the rest of its use.
 */
export class AutoPipelinePool implements ClientPool {
  private pending: Shared | null = null;

  constructor(private readonly pool: pg.Pool) {}

  async connect(): Promise<PooledClient> {
    return new VirtualClient(this.pool, (statements) => this.share(statements));
  }

  end(): Promise<void> {
    return this.pool.end();
  }

  private share(statements: readonly Statement[]): Promise<PgResult[]> {
    return new Promise((resolve, reject) => {
      if (!this.pending) {
        this.pending = { statements: [], callers: [] };
        setImmediate(() => this.flush());
      }
      const shared = this.pending;
      shared.callers.push({
        start: shared.statements.length,
        count: statements.length,
        resolve,
        reject,
      });
      shared.statements.push(...statements);
      if (shared.statements.length >= MAX_SHARED_STATEMENTS) this.flush();
    });
  }

  private flush(): void {
    const shared = this.pending;
    this.pending = null;
    if (!shared || shared.callers.length === 0) return;
    void outsideRoundTripCount(() => this.send(shared));
  }

  private async send(shared: Shared): Promise<void> {
    try {
      const results = await this.run(shared.statements);
      for (const caller of shared.callers) {
        caller.resolve(results.slice(caller.start, caller.start + caller.count));
      }
    } catch (error) {
      if (shared.callers.length === 1) {
        shared.callers[0]!.reject(error);
        return;
      }
      // Whose statement failed is known, but the others' results went with the transaction:
      // each caller is sent again on its own.
      await Promise.all(
        shared.callers.map((caller) =>
          this.run(shared.statements.slice(caller.start, caller.start + caller.count)).then(
            caller.resolve,
            caller.reject,
          ),
        ),
      );
    }
  }

  private async run(statements: readonly Statement[]): Promise<PgResult[]> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      return await runPipelineOn(client, statements);
    } catch (error) {
      // A connection that failed mid-protocol is not handed to the next caller.
      if (!(error as { code?: string }).code) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  }
}

/** A pooled connection as Kysely sees it: shared until it needs a real one. */
class VirtualClient implements PooledClient {
  private real: pg.PoolClient | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly share: (statements: readonly Statement[]) => Promise<PgResult[]>,
  ) {}

  async query(text: string, values: unknown[] = []): Promise<unknown> {
    const request = text === PIPELINE_SQL ? values[0] : undefined;
    const shareable =
      !this.real &&
      !OPENS_TRANSACTION.test(text) &&
      (request instanceof PipelineRequest ? request.shareable : true);
    if (!shareable) {
      this.real ??= await this.pool.connect();
      return this.real.query(text, values);
    }
    countRoundTrip();
    if (request instanceof PipelineRequest) {
      const results = await this.share(request.statements);
      return { command: 'PIPELINE', rowCount: results.length, rows: results };
    }
    const [result] = await this.share([{ sql: text, parameters: values }]);
    return result;
  }

  release(): void {
    this.real?.release();
    this.real = null;
  }
}
