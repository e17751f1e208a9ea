import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import { AutoPipelinePool } from './auto-pipeline';
import { PreparedStatementClient } from './prepared-client';
import type { Database, Db } from './schema';

// Positions and counts fit in a double for the life of the product; numbers are easier on both sides.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Longest wait for a connection, a free one in a busy pool included. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * How long a connection may sit idle before the pool closes it. A connection opened again costs
 * Postgres a backend, its sign-in and a custom plan for each of its first five runs of every
 * prepared statement (the feed's first page plans in about 6 ms, then runs in 1): a pool that
 * closed what a lull left idle after pg-pool's 10 s, and reopened it when the load came back,
 * held every request of the next second behind that (feed p99 73–197 ms instead of 9 ms at 700
 * pages/s; docs/performance.md, "Connections kept through a lull").
 */
export const IDLE_CONNECTION_MS = 10 * 60_000;

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  /** The auto-pipelining pool Kysely runs on, for a read router's primary side. */
  clients: AutoPipelinePool;
  close(): Promise<void>;
}

export function connectDatabase(
  connectionString: string,
  max = 20,
  onIdleClientError: (error: Error) => void = () => undefined,
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max,
    Client: PreparedStatementClient,
    // An unreachable host would otherwise hold a request until TCP gives up (minutes); failing
    // after this long lets the API answer 503 while the database is away.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
  });
  // An idle client whose connection Postgres closes (restart, pg_terminate_backend) emits
  // 'error' on the pool; unheard, that would end the process. The pool has already dropped the
  // client and opens a fresh one for the next query.
  pool.on('error', onIdleClientError);
  // A connection lost while its client is checked out between queries (in a transaction, say)
  // emits 'error' on the client, where the pool does not listen: unheard, that would end the
  // process. Its user learns of it from the next query, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  // Queries of the same moment share a round trip; transactions get a connection of their own.
  const clients = new AutoPipelinePool(pool);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: clients as unknown as PostgresPool }),
  });
  return {
    db,
    pool,
    clients,
    // Kysely's destroy ends the pool it was given.
    close: () => db.destroy(),
  };
}
