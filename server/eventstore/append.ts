import { sql } from 'kysely';
import { eventSchemas, isEventType, type NewEvent } from '../../shared/events';
import type { Trx } from '../db/schema';
import { ConcurrencyError, InvalidEventError } from './errors';
import { applyProjections } from './projections';
import { toStoredEvent, type EventMetadata, type StoredEvent } from './stored-event';

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

  // A new stream needs no look-up: the unique (stream_id, stream_version) index refuses a
  // second first event, and that violation is already reported as a ConcurrencyError below.
  if (expectedVersion !== 0) {
    const current = await trx
      .selectFrom('events')
      .select((eb) => eb.fn.max('stream_version').as('version'))
      .where('stream_id', '=', streamId)
      .executeTakeFirst();
    const actualVersion = current?.version ?? 0;
    if (actualVersion !== expectedVersion) {
      throw new ConcurrencyError(streamId, expectedVersion, actualVersion);
    }
  }

  let rows;
  try {
    rows = await trx
      .insertInto('events')
      .values(
        valid.map((event, index) => ({
          stream_id: streamId,
          stream_version: expectedVersion + index + 1,
          type: event.type,
          data: JSON.stringify(event.data),
          metadata: JSON.stringify(metadata),
        })),
      )
      .returningAll()
      // Queued with the insert rather than as its own statement: one round trip fewer. Postgres
      // folds identical notifications of one transaction into one, delivered at commit.
      .returning(sql<string>`pg_notify(${EVENTS_CHANNEL}, '')`.as('notified'))
      .execute();
  } catch (error) {
    // A concurrent writer holding the same next version wins; its commit makes ours conflict.
    if (isUniqueViolation(error)) throw new ConcurrencyError(streamId, expectedVersion, null);
    throw error;
  }

  const stored = rows.map(toStoredEvent);
  await applyProjections(trx, stored);
  return stored;
}
