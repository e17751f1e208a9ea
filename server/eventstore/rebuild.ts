import { sql } from 'kysely';
import type { Db, Trx } from '../db/schema';
import { projections } from '../domains/projections';
import { applyProjections } from './projections';
import { toStoredEvent, type EventRow } from './stored-event';

const BATCH = 5000;

/**
 * Empties every projection's tables and replays the whole log into them, in one transaction:
 * readers see the old read models until the new ones are complete.
 */
export async function rebuildReadModels(db: Db): Promise<{ events: number }> {
  return db.transaction().execute((trx) => replayIntoReadModels(trx));
}

/**
 * The rebuild inside the caller's transaction (a restore runs it before it commits), reporting
 * the events replayed after each batch.
 */
export async function replayIntoReadModels(
  trx: Trx,
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
    await applyProjections(trx, rows.map(toStoredEvent));
    after = rows[rows.length - 1]!.global_position;
    count += rows.length;
    await onProgress(count);
  }
  return { events: count };
}
