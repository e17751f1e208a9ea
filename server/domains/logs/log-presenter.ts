import type { Selectable } from 'kysely';
import type { LogEntry } from '../../../shared/ops/logs';
import type { LogEntriesTable } from '../../db/tables/log-entries';

export type LogEntryRow = Selectable<LogEntriesTable>;

/** One presenter for REST pages, exports and socket pushes. */
export function presentLogEntry(row: LogEntryRow): LogEntry {
  return {
    id: String(row.id),
    level: row.level,
    message: row.message,
    data: row.data ?? null,
    timestamp: row.timestamp.toISOString(),
    source: row.source,
    userId: row.user_id,
    sessionId: row.session_id,
    requestId: row.request_id,
  };
}
