import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { toStoredEvent, type EventRow, type StoredEvent } from './stored-event';

/** Where a reader of the log has got to: the last (transaction id, position) it has handled. */
export interface Checkpoint {
  transactionId: string;
  globalPosition: number;
}

export const START_OF_LOG: Checkpoint = { transactionId: '0', globalPosition: 0 };

/**
 * Events after `from` in commit-safe order. Only transactions older than every transaction still
 * running are read, so an event that commits late can never land behind a checkpoint.
 */
export async function readCommittedAfter(
  db: Db,
  from: Checkpoint,
  limit: number,
): Promise<StoredEvent[]> {
  const { rows } = await sql<EventRow>`
    select global_position, transaction_id::text as transaction_id, stream_id, stream_version,
           type, data, metadata, occurred_at
    from events
    where (transaction_id, global_position) > (${from.transactionId}::xid8, ${from.globalPosition})
      and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
    order by transaction_id, global_position
    limit ${limit}`.execute(db);
  return rows.map(toStoredEvent);
}

/** True when events past `from` exist but are held back by a transaction still running. */
export async function hasEventsAfter(db: Db, from: Checkpoint): Promise<boolean> {
  const { rows } = await sql<{ found: number }>`
    select 1 as found from events
    where (transaction_id, global_position) > (${from.transactionId}::xid8, ${from.globalPosition})
    limit 1`.execute(db);
  return rows.length > 0;
}

/** The checkpoint just past everything that is safely readable now. */
export async function currentCheckpoint(db: Db): Promise<Checkpoint> {
  const { rows } = await sql<{ transaction_id: string; global_position: number }>`
    select transaction_id::text as transaction_id, global_position from events
    where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
    order by transaction_id desc, global_position desc
    limit 1`.execute(db);
  const last = rows[0];
  return last
    ? { transactionId: last.transaction_id, globalPosition: last.global_position }
    : START_OF_LOG;
}
