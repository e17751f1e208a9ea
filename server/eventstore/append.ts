import { sql } from 'kysely';
import { eventSchemas, isEventType, type NewEvent } from '../../shared/events';
import type { Db, Trx } from '../db/schema';
import { pipelineQuery } from '../db/pipeline';
import { statement, type Statement } from '../db/statement';
import { ConcurrencyError, InvalidEventError } from './errors';
import { projectAll, projectLocks, type Projection } from './projection';
import type { EventMetadata, RecordedEvent, StoredEvent } from './stored-event';

/** The channel the live relays listen on for new events. */
export const EVENTS_CHANNEL = 'agora_events';

/** Events for one stream, appended at the version the writer last saw (0 for a new stream). */
export interface StreamAppend {
  streamId: string;
  expectedVersion: number;
  events: NewEvent[];
}

export function validateEvent(event: NewEvent): NewEvent {
  if (!isEventType(event.type)) throw new InvalidEventError(event.type, 'unknown event type');
  const parsed = eventSchemas[event.type].safeParse(event.data);
  if (!parsed.success) throw new InvalidEventError(event.type, parsed.error.message);
  return { type: event.type, data: parsed.data } as NewEvent;
}

/** The appends' events as they will be recorded: validated, numbered in their streams, timed. */
export function recordEvents(
  appends: readonly StreamAppend[],
  metadata: EventMetadata,
  occurredAt: Date,
): RecordedEvent[] {
  return appends.flatMap(({ streamId, expectedVersion, events }) =>
    events.map(
      (event, index) =>
        ({
          ...validateEvent(event),
          streamId,
          streamVersion: expectedVersion + index + 1,
          metadata,
          occurredAt,
        }) as RecordedEvent,
    ),
  );
}

/**
 * The statements that write recorded events: a version check for each stream that already exists
 * (a stream behind the expected version would otherwise take the next number and leave a gap),
 * then one insert of them all. A writer that got there first is refused by either: the check reads
 * `event_streams`, and the log's insert trigger refuses a version the stream already has (it
 * stands in for a unique index, which a log partitioned by position cannot have). The insert
 * answers each event's position and transaction.
 *
 * With `inTurn`, the check also refuses a stream that is another writer's turn (migration
 * `20261214T100000-stream-turns`): commands take it; appends outside them (seeding, tools), which
 * may touch thousands of streams in one transaction, would fill the lock table.
 */
export function appendStatements(
  appends: readonly StreamAppend[],
  recorded: readonly RecordedEvent[],
  { inTurn = false }: { inTurn?: boolean } = {},
): Statement[] {
  const checks = appends
    .filter((append) => append.expectedVersion > 0 && append.events.length > 0)
    .map((append) =>
      inTurn
        ? statement(
            sql`select agora_expect_version_in_turn(${append.streamId}, ${append.expectedVersion}::int)`,
          )
        : statement(
            sql`select agora_expect_version(${append.streamId}, ${append.expectedVersion}::int)`,
          ),
    );
  if (recorded.length === 0) return checks;
  const occurredAt = recorded[0]!.occurredAt;
  const insert = statement(sql`
    insert into events (stream_id, stream_version, type, data, metadata, occurred_at)
    select e.stream_id, e.stream_version, e.type, e.data, e.metadata, ${occurredAt}::timestamptz
    from unnest(${recorded.map((e) => e.streamId)}::text[],
                ${recorded.map((e) => e.streamVersion)}::int[],
                ${recorded.map((e) => e.type)}::text[],
                ${recorded.map((e) => JSON.stringify(e.data))}::jsonb[],
                ${recorded.map((e) => JSON.stringify(e.metadata))}::jsonb[])
      as e(stream_id, stream_version, type, data, metadata)
    returning global_position, transaction_id::text as transaction_id, stream_id, stream_version`);
  return [...checks, insert];
}

/**
 * Waits for the streams' turns, held to commit: the writers that lost a race on a stream take
 * them one after another, in the order they asked (migration `20261214T100000-stream-turns`).
 */
export function waitForStreamTurns(streamIds: readonly string[]): Statement {
  return statement(sql`select agora_wait_for_stream_turns(${[...streamIds]}::text[])`);
}

interface InsertedRow {
  global_position: number;
  transaction_id: string;
  stream_id: string;
  stream_version: number;
}

/** Joins the insert's answer back onto the recorded events. */
export function storedEvents(
  recorded: readonly RecordedEvent[],
  inserted: readonly InsertedRow[],
): StoredEvent[] {
  const byKey = new Map(inserted.map((row) => [`${row.stream_version}:${row.stream_id}`, row]));
  return recorded.map((event) => {
    const row = byKey.get(`${event.streamVersion}:${event.streamId}`)!;
    return { ...event, globalPosition: row.global_position, transactionId: row.transaction_id };
  });
}

/** Another writer got to the stream first: the command may be retried against fresh state. */
export function isStreamConflict(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return (
    e?.code === 'AG409' || (e?.code === '23505' && e.constraint === 'events_stream_version_unique')
  );
}

/**
 * The event store outside the command runner: appends inside a transaction the caller holds
 * (tests, seeding, tools), with the projections, and a wake-up for the relays delivered at
 * commit. Commands go through the runner, which writes in one round trip and wakes the relays
 * after its commit instead (see docs/performance.md for why NOTIFY stays out of commands).
 */
export interface EventStore {
  projections: readonly Projection[];
  append(
    executor: Db | Trx,
    streamId: string,
    expectedVersion: number,
    events: NewEvent[],
    metadata?: EventMetadata,
  ): Promise<StoredEvent[]>;
}

export function createEventStore(projections: readonly Projection[]): EventStore {
  return {
    projections,
    async append(executor, streamId, expectedVersion, events, metadata = {}) {
      if (events.length === 0) return [];
      const appends = [{ streamId, expectedVersion, events }];
      const recorded = recordEvents(appends, metadata, new Date());
      const locks = projectLocks(projections, recorded);
      const writes = appendStatements(appends, recorded);
      const all = [
        ...locks,
        ...writes,
        ...projectAll(projections, recorded),
        statement(sql`select pg_notify(${EVENTS_CHANNEL}, '')`),
      ];
      try {
        const { rows } = await executor.executeQuery(pipelineQuery(all));
        const inserted = rows[locks.length + writes.length - 1]!.rows as unknown as InsertedRow[];
        return storedEvents(recorded, inserted);
      } catch (error) {
        if (isStreamConflict(error)) throw new ConcurrencyError(streamId, expectedVersion, null);
        throw error;
      }
    },
  };
}
