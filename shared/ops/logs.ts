import { z } from 'zod';
import { hasUnsafeText, isBlank, text, textMessages } from '../api/text';

/** Spec 002 §3: levels are upper case. */
export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL'] as const;
export const logLevelSchema = z.enum(LOG_LEVELS);
export type LogLevel = z.infer<typeof logLevelSchema>;

export const LOG_SOURCES = ['server', 'client'] as const;
export const logSourceSchema = z.enum(LOG_SOURCES);
export type LogSource = z.infer<typeof logSourceSchema>;

/** Spec 002 §9: the export formats, each downloaded with the date in the file name. */
export const LOG_EXPORT_FORMATS = ['json', 'csv', 'txt'] as const;
export const logExportFormatSchema = z.enum(LOG_EXPORT_FORMATS);
export type LogExportFormat = z.infer<typeof logExportFormatSchema>;

export const LOG_LIMITS = {
  pageDefault: 100,
  pageMax: 500,
  messageChars: 2000,
  /** Serialized `data` above this is stored as a truncated preview. */
  dataBytes: 8192,
  searchChars: 200,
  batchEntries: 50,
  /** An export stops here; narrow the filters to see older entries. */
  exportMax: 100_000,
} as const;

/** Spec 002 §3 log entry, plus the request id that ties a server line to its request. */
export const logEntrySchema = z.object({
  /** A bigint counter as a string: it orders entries and pages by `before`. */
  id: z.string().regex(/^\d+$/),
  level: logLevelSchema,
  message: z.string(),
  data: z.unknown().nullable(),
  timestamp: z.iso.datetime(),
  source: logSourceSchema,
  userId: z.uuid().nullable(),
  sessionId: z.uuid().nullable(),
  requestId: z.string().nullable(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/** Log entry ids are a bigint column: a cursor past its largest value names no entry. */
const BIGINT_MAX = 2n ** 63n - 1n;
const idCursor = text({ max: 19 })
  .regex(/^\d{1,19}$/, 'Must be a log entry id')
  .refine((id) => !/^\d+$/.test(id) || BigInt(id) <= BIGINT_MAX, 'Must be a log entry id');

/** `?level=&q=` (a form's empty fields) means no filter, not a bad value. */
function blankAsUnset<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && isBlank(value) ? undefined : value),
    schema.optional(),
  );
}

export const logFilterSchema = z.strictObject({
  level: blankAsUnset(logLevelSchema),
  source: blankAsUnset(logSourceSchema),
  q: blankAsUnset(text({ trim: true, max: LOG_LIMITS.searchChars })),
});
export type LogFilter = z.infer<typeof logFilterSchema>;

export const logsQuerySchema = logFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(LOG_LIMITS.pageMax).default(LOG_LIMITS.pageDefault),
  before: idCursor.optional(),
});
export type LogsQuery = z.infer<typeof logsQuerySchema>;

export const logExportQuerySchema = logFilterSchema.extend({ format: logExportFormatSchema });

export const logsPageSchema = z.object({
  entries: z.array(logEntrySchema),
  /** Pass as `before` for the next (older) page; null when this page was the last. */
  nextBefore: z.string().nullable(),
});
export type LogsPage = z.infer<typeof logsPageSchema>;

export const clientLogEntrySchema = z.strictObject({
  level: logLevelSchema,
  message: text({
    trim: true,
    required: 'A log message is required',
    max: LOG_LIMITS.messageChars,
  }),
  data: z
    .unknown()
    .refine((value) => !hasUnsafeText(value), { message: textMessages.unsafeJson, abort: true })
    .refine((value) => value === undefined || jsonBytes(value) <= LOG_LIMITS.dataBytes, {
      message: `Log data must be at most ${LOG_LIMITS.dataBytes} bytes of JSON`,
    })
    .optional(),
  /** When the client logged it; the server keeps it only if it is plausible. */
  timestamp: z.iso.datetime().optional(),
});
export type ClientLogEntry = z.infer<typeof clientLogEntrySchema>;

export const clientLogBatchSchema = z.strictObject({
  entries: z.array(clientLogEntrySchema).min(1).max(LOG_LIMITS.batchEntries),
});
export type ClientLogBatch = z.infer<typeof clientLogBatchSchema>;

/**
 * The `logs` push: new entries, newest first. When a batch does not fit one NOTIFY, `complete`
 * is false and the viewer refetches instead of trusting the list.
 */
export const logsPushSchema = z.object({
  version: z.string().regex(/^\d+$/),
  entries: z.array(logEntrySchema),
  complete: z.boolean(),
});
export type LogsPush = z.infer<typeof logsPushSchema>;

export function jsonBytes(value: unknown): number {
  const text = JSON.stringify(value);
  return text === undefined ? 0 : new TextEncoder().encode(text).length;
}

/** The server's filter, applied to entries that arrive live (search is case-insensitive). */
export function matchesLogFilter(entry: LogEntry, filter: LogFilter): boolean {
  if (filter.level && entry.level !== filter.level) return false;
  if (filter.source && entry.source !== filter.source) return false;
  const q = filter.q?.trim().toLowerCase();
  return !q || entry.message.toLowerCase().includes(q);
}

/** `agora-logs-2026-11-23.csv`: the UTC date of the export. */
export function logExportFileName(format: LogExportFormat, now: Date): string {
  return `agora-logs-${now.toISOString().slice(0, 10)}.${format}`;
}
