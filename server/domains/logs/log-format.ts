import type { LogEntry, LogExportFormat } from '../../../shared/ops/logs';

export const LOG_CSV_COLUMNS = [
  'id',
  'timestamp',
  'level',
  'source',
  'message',
  'data',
  'userId',
  'sessionId',
  'requestId',
] as const;

/** Cells a spreadsheet would run as a formula; anyone signed in can write a client log line. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** RFC 4180: a cell with a quote, comma or line break is quoted, its quotes doubled. */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function dataText(data: unknown): string | null {
  return data === null || data === undefined ? null : JSON.stringify(data);
}

export function csvHeader(): string {
  return `${LOG_CSV_COLUMNS.join(',')}\r\n`;
}

export function csvRow(entry: LogEntry): string {
  const cells = [
    entry.id,
    entry.timestamp,
    entry.level,
    entry.source,
    entry.message,
    dataText(entry.data),
    entry.userId,
    entry.sessionId,
    entry.requestId,
  ];
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Line breaks are escaped so every entry is exactly one line. */
function oneLine(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\r/g, '\\r').replace(/\n/g, '\\n');
}

/** `2026-11-23T12:00:00.000Z INFO  [server] message {"data":1} user=… session=… request=…` */
export function txtLine(entry: LogEntry): string {
  const parts = [
    entry.timestamp,
    entry.level.padEnd(5),
    `[${entry.source}]`,
    oneLine(entry.message),
  ];
  const data = dataText(entry.data);
  if (data !== null) parts.push(oneLine(data));
  if (entry.userId) parts.push(`user=${entry.userId}`);
  if (entry.sessionId) parts.push(`session=${entry.sessionId}`);
  if (entry.requestId) parts.push(`request=${oneLine(entry.requestId)}`);
  return `${parts.join(' ')}\n`;
}

export const LOG_EXPORT_CONTENT_TYPES: Record<LogExportFormat, string> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

/** The export as chunks of text: a JSON array, a CSV with a header, or one line per entry. */
export async function* formatLogExport(
  format: LogExportFormat,
  entries: AsyncIterable<LogEntry>,
): AsyncGenerator<string> {
  if (format === 'csv') yield csvHeader();
  if (format === 'json') yield '[';
  let first = true;
  for await (const entry of entries) {
    if (format === 'json') yield `${first ? '\n' : ',\n'}${JSON.stringify(entry)}`;
    else if (format === 'csv') yield csvRow(entry);
    else yield txtLine(entry);
    first = false;
  }
  if (format === 'json') yield first ? ']\n' : '\n]\n';
}
