import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import type { Database, Db } from '../../db/schema';

/**
 * Kysely over one dedicated connection, so COPY streams (raw client) and typed queries share the
 * transaction that connection has open.
 */
export function kyselyOnClient(client: pg.Client): Db {
  const pooled = client as unknown as PostgresPoolClient;
  const pool: PostgresPool = {
    connect: async () => Object.assign(pooled, { release: () => undefined }),
    end: async () => undefined,
  };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
