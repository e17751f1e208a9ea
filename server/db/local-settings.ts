import { sql } from 'kysely';
import type pg from 'pg';
import { pipelineQuery } from './pipeline';
import type { Db } from './schema';
import { statement, type Statement } from './statement';

type PgResult = pg.QueryResult<Record<string, unknown>>;

/**
 * Reads under settings of their own: one pipeline whose first statement sets each of `settings`
 * local to the pipeline's implicit transaction (`set_config(..., true)`), so nothing else on the
 * connection runs under them. The pipeline is not shared with other callers' reads. One round
 * trip; one result per read, in order.
 */
export async function readWithSettings(
  db: Db,
  settings: Readonly<Record<string, string>>,
  reads: readonly Statement[],
): Promise<PgResult[]> {
  const set = statement(
    sql`select ${sql.join(
      Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
    )}`,
  );
  const { rows } = await db.executeQuery<PgResult>(pipelineQuery([set, ...reads]));
  return rows.slice(1);
}

/**
 * Reads whose best plan does not depend on their values (rows by key), planned once per
 * connection. Postgres keeps planning a prepared statement for each call while the plans for
 * its values cost less than the generic plan's estimate, as they do for a short array of ids
 * against the generic plan's guess of ten: members' cards were planned on every call, 0.26 ms
 * of planning for 0.17 ms of running (docs/performance.md, "Members' cards planned once").
 */
export const readPlannedOnce = (db: Db, reads: readonly Statement[]): Promise<PgResult[]> =>
  readWithSettings(db, { plan_cache_mode: 'force_generic_plan' }, reads);
