import type { ColumnType, Generated, JSONColumnType } from 'kysely';

export interface EventsTable {
  global_position: ColumnType<number, never, never>;
  transaction_id: ColumnType<string, never, never>;
  stream_id: string;
  stream_version: number;
  type: string;
  data: JSONColumnType<Record<string, unknown>>;
  metadata: JSONColumnType<Record<string, unknown>>;
  occurred_at: Generated<Date>;
}
