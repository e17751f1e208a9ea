import type { ColumnType, Generated } from 'kysely';
import type { LogLevel, LogSource } from '../../../shared/ops/logs';

export interface LogEntriesTable {
  /** bigint identity; `pg` parses int8 as a number. */
  id: Generated<number>;
  level: LogLevel;
  message: string;
  /** Any JSON value (pg parses jsonb); written as JSON text. */
  data: ColumnType<unknown, string | null, string | null>;
  timestamp: Date;
  source: LogSource;
  user_id: string | null;
  session_id: string | null;
  request_id: string | null;
  received_at: Generated<Date>;
}
