import type { EventData, EventType } from '../../shared/events';

export interface EventMetadata {
  actorId?: string;
  requestId?: string;
  correlationId?: string;
}

/**
 * An event as projections see it: everything a command knows before its write reaches the
 * database. Its log position is not among it, so projections can be planned in the same round
 * trip as the append, and a rebuild feeds them the same values.
 */
export type RecordedEvent = {
  [T in EventType]: {
    streamId: string;
    streamVersion: number;
    type: T;
    data: EventData<T>;
    metadata: EventMetadata;
    occurredAt: Date;
  };
}[EventType];

/** An event as it sits in the log. */
export type StoredEvent = RecordedEvent & {
  globalPosition: number;
  transactionId: string;
};

export interface EventRow {
  global_position: number;
  transaction_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  occurred_at: Date;
}

/** Rows come from our own table, written only after schema validation, so they are trusted. */
export function toStoredEvent(row: EventRow): StoredEvent {
  return {
    globalPosition: row.global_position,
    transactionId: row.transaction_id,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    data: row.data,
    metadata: row.metadata as EventMetadata,
    occurredAt: row.occurred_at,
  } as StoredEvent;
}
