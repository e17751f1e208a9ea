import { sql } from 'kysely';
import type { Db, Trx } from '../db/schema';
import { pipelineQuery } from '../db/pipeline';
import type { Statement } from '../db/statement';
import { projectAll, type Projection } from './projection';
import { toStoredEvent, type EventRow } from './stored-event';

const BATCH = 5000;
/** Statements sent per round trip while replaying: large enough to keep Postgres busy. */
const STATEMENTS_PER_PIPELINE = 2000;

/**
 * Empties every projection's tables and replays the whole log into them, in one transaction:
 * readers see the old read models until the new ones are complete.
 */
export async function rebuildReadModels(
  db: Db,
  projections: readonly Projection[],
): Promise<{ events: number }> {
  return db.transaction().execute((trx) => replayIntoReadModels(trx, projections));
}

async function run(trx: Trx, statements: Statement[]): Promise<void> {
  for (let start = 0; start < statements.length; start += STATEMENTS_PER_PIPELINE) {
    await trx.executeQuery(pipelineQuery(statements.slice(start, start + STATEMENTS_PER_PIPELINE)));
  }
}

/**
 * The rebuild inside the caller's transaction (a restore runs it before it commits), reporting
 * the events replayed after each batch. The projections' statements are the ones commands run,
 * sent many to a round trip.
 */
export async function replayIntoReadModels(
  trx: Trx,
  projections: readonly Projection[],
  onProgress: (events: number) => Promise<void> | void = () => undefined,
): Promise<{ events: number }> {
  const tables = [...new Set(projections.flatMap((p) => p.tables))];
  // Events no projection handles cannot change a read model: the database skips them.
  const handled = [...new Set(projections.flatMap((p) => p.handles))];
  await sql`truncate ${sql.join(tables.map((t) => sql.table(t)))}`.execute(trx);
  let after = 0;
  let count = 0;
  for (;;) {
    const { rows } = await sql<EventRow>`
      select global_position, transaction_id::text as transaction_id, stream_id,
             stream_version, type, data, metadata, occurred_at
      from events where global_position > ${after} and type = any(${handled}::text[])
      order by global_position limit ${BATCH}`.execute(trx);
    if (rows.length === 0) break;
    await run(trx, projectAll(projections, rows.map(toStoredEvent)));
    after = rows[rows.length - 1]!.global_position;
    count += rows.length;
    await onProgress(count);
  }
  return { events: count };
}
