import { sql } from 'kysely';
import { eventSchemas, isEventType, type NewEvent } from '../../shared/events';
import type { Trx } from '../db/schema';
import { ConcurrencyError, InvalidEventError } from './errors';
import { applyProjections } from './projections';
import { toStoredEvent, type EventMetadata, type EventRow, type StoredEvent } from './stored-event';

/** The channel the live relay listens on; `pg_notify` delivers only when the append commits. */
export const EVENTS_CHANNEL = 'agora_events';

function validate(event: NewEvent): NewEvent {
  if (!isEventType(event.type)) throw new InvalidEventError(event.type, 'unknown event type');
  const parsed = eventSchemas[event.type].safeParse(event.data);
  if (!parsed.success) throw new InvalidEventError(event.type, parsed.error.message);
  return { type: event.type, data: parsed.data } as NewEvent;
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: string }).code === '23505' &&
    (error as { constraint?: string }).constraint === 'events_stream_version_unique'
  );
}

/**
 * Appends events to a stream at `expectedVersion` (0 for a new stream), runs the inline
 * projections and queues the relay's wake-up, all inside the caller's transaction.
 */
export async function append(
  trx: Trx,
  streamId: string,
  expectedVersion: number,
  events: NewEvent[],
  metadata: EventMetadata = {},
): Promise<StoredEvent[]> {
  if (events.length === 0) return [];
  const valid = events.map(validate);

  const values = valid.map(
    (event, index) =>
      sql`(${streamId}::text, ${expectedVersion + index + 1}::int, ${event.type}::text,
        ${JSON.stringify(event.data)}::jsonb, ${JSON.stringify(metadata)}::jsonb)`,
  );
  let rows: EventRow[];
  try {
    // One round trip checks the version and appends. A stream behind `expectedVersion` (the
    // event at that version is missing) inserts nothing; one ahead of it already holds the next
    // version, which the unique (stream_id, stream_version) index refuses. The notification is
    // queued in the same statement; Postgres folds identical ones of a transaction into one,
    // delivered at commit.
    const result = await sql<EventRow>`
      insert into events (stream_id, stream_version, type, data, metadata)
      select * from (values ${sql.join(values)}) as v(stream_id, stream_version, type, data, metadata)
      where ${expectedVersion}::int = 0 or exists (
        select 1 from events where stream_id = ${streamId} and stream_version = ${expectedVersion}::int)
      returning *, pg_notify(${EVENTS_CHANNEL}, '') as notified`.execute(trx);
    rows = result.rows;
  } catch (error) {
    // A concurrent writer holding the same next version wins; its commit makes ours conflict.
    if (isUniqueViolation(error)) throw new ConcurrencyError(streamId, expectedVersion, null);
    throw error;
  }
  if (rows.length === 0) throw new ConcurrencyError(streamId, expectedVersion, null);

  const stored = rows.map(toStoredEvent);
  await applyProjections(trx, stored);
  return stored;
}
