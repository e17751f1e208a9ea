import { LOG_LIMITS, type LogLevel } from '../../../shared/ops/logs';
import { isConnectionFailure } from '../../db/connection-errors';
import type { Db } from '../../db/schema';
import { BatchBuffer, type BatchBufferStats } from './batch-buffer';
import { insertLogEntries, type NewLogEntry } from './log-store';

export interface LogCaptureOptions {
  intervalMs?: number;
  batchSize?: number;
  capacity?: number;
  /** Pause between attempts while the database is unreachable: `first` doubling up to `max`. */
  retryMs?: { first: number; max: number };
  /** Where the capture reports its own trouble; never the logger it captures, to avoid a loop. */
  report?: (line: string) => void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** pino's fields that become columns (or say nothing worth keeping). */
const COLUMN_FIELDS = new Set([
  'level',
  'time',
  'msg',
  'pid',
  'hostname',
  'service',
  'requestId',
  'userId',
  'sessionId',
]);

export function pinoLevelName(level: number): LogLevel {
  if (level < 30) return 'DEBUG';
  if (level < 40) return 'INFO';
  if (level < 50) return 'WARN';
  if (level < 60) return 'ERROR';
  return 'FATAL';
}

/** Keeps data under the size limit: an oversized value is stored as a truncated preview. */
export function boundedData(data: unknown): string | null {
  if (data === null || data === undefined) return null;
  // Serialised once: every request's line passes here.
  const text = JSON.stringify(data);
  if (Buffer.byteLength(text) <= LOG_LIMITS.dataBytes) return text;
  return JSON.stringify({ truncated: true, preview: text.slice(0, LOG_LIMITS.dataBytes / 2) });
}

/**
 * A request's completion line (`http/request-log.ts`) names the request, so the viewer's list says
 * which one.
 */
function requestSummary(fields: Record<string, unknown>): string | null {
  const req = fields.req as { method?: unknown; url?: unknown } | undefined;
  const res = fields.res as { statusCode?: unknown } | undefined;
  if (typeof req?.method !== 'string' || typeof req.url !== 'string') return null;
  const status = typeof res?.statusCode === 'number' ? ` ${res.statusCode}` : '';
  const time = typeof fields.responseTime === 'number' ? ` in ${fields.responseTime} ms` : '';
  return `${req.method} ${req.url}${status}${time}`;
}

/** One pino JSON line as a log entry, or null if it is not one. */
export function entryFromPinoLine(line: string): NewLogEntry | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const fields = parsed as Record<string, unknown>;
  if (typeof fields.level !== 'number') return null;
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (!COLUMN_FIELDS.has(key)) rest[key] = value;
  }
  const err = fields.err as { message?: unknown } | undefined;
  const message =
    typeof fields.msg === 'string'
      ? fields.msg
      : typeof err?.message === 'string'
        ? err.message
        : '';
  const request = requestSummary(fields);
  const text = request ? `${message}: ${request}` : message;
  const uuid = (value: unknown) => (typeof value === 'string' && UUID.test(value) ? value : null);
  return {
    level: pinoLevelName(fields.level),
    message: text.slice(0, LOG_LIMITS.messageChars),
    data: boundedData(Object.keys(rest).length > 0 ? rest : null),
    timestamp: typeof fields.time === 'number' ? new Date(fields.time) : new Date(),
    source: 'server',
    user_id: uuid(fields.userId),
    session_id: uuid(fields.sessionId),
    request_id: typeof fields.requestId === 'string' ? fields.requestId.slice(0, 100) : null,
  };
}

/** The line stored in place of lines the full buffer dropped. */
function dropWarning(dropped: number): NewLogEntry {
  return {
    level: 'WARN',
    message: `Log capture dropped ${dropped} lines: its buffer was full`,
    data: JSON.stringify({ dropped }),
    timestamp: new Date(),
    source: 'server',
    user_id: null,
    session_id: null,
    request_id: null,
  };
}

/**
 * A pino destination that also stores the server's log lines in `log_entries`. Lines are
 * buffered and inserted in batches (every second, or sooner when a batch fills), so a request
 * never waits on the database. Lines logged before the database is attached wait in the buffer,
 * and so do lines logged while it is unreachable (a restart, an outage): they are written once
 * it answers again, and what overflowed the buffer meanwhile is counted in a stored warning.
 * Trouble is reported on stderr, never through the logger, so it cannot feed itself.
 */
export class LogCapture {
  private db: Db | null = null;
  private readonly buffer: BatchBuffer<NewLogEntry>;
  private readonly report: (line: string) => void;
  private readonly capacity: number;
  /** Lines dropped (buffer full) that no stored warning counts yet. */
  private unreportedDrops = 0;
  /** Whether the last insert found the database unreachable. */
  private waitingForDatabase = false;

  constructor(options: LogCaptureOptions = {}) {
    this.report = options.report ?? ((line) => process.stderr.write(line));
    this.capacity = options.capacity ?? 10_000;
    const intervalMs = options.intervalMs ?? 1000;
    this.buffer = new BatchBuffer<NewLogEntry>({
      intervalMs,
      batchSize: options.batchSize ?? 200,
      capacity: this.capacity,
      held: true,
      write: (batch) => this.store(batch),
      onError: (error, lost) => this.warn(`log capture lost ${lost} lines`, error),
      retryable: (error) => this.databaseAway(error),
      retryMs: options.retryMs ?? { first: intervalMs, max: 10_000 },
    });
  }

  get stats(): BatchBufferStats {
    return this.buffer.stats;
  }

  /** pino calls this with each serialized line. */
  write(line: string): void {
    const entry = entryFromPinoLine(line);
    if (entry) this.buffer.push(entry);
  }

  /** Starts storing (what waited included) on this database. */
  attach(db: Db): void {
    this.db = db;
    this.buffer.resume();
  }

  /** Stores what is buffered, then holds new lines; called on shutdown before the pool closes. */
  async detach(): Promise<void> {
    await this.buffer.flush();
    await this.buffer.hold();
    this.db = null;
    if (this.buffer.pending > 0) {
      this.warn(
        `log capture could not store ${this.buffer.pending} lines: the database is unreachable`,
      );
    }
  }

  async flush(): Promise<void> {
    await this.buffer.flush();
  }

  private async store(batch: NewLogEntry[]): Promise<void> {
    const db = this.db;
    if (!db) throw new Error('log capture has no database');
    // Counted until a warning saying so is stored: a failed insert keeps the count, not the row.
    this.unreportedDrops += this.buffer.takeDropped();
    const dropped = this.unreportedDrops;
    await insertLogEntries(db, dropped > 0 ? [...batch, dropWarning(dropped)] : batch);
    this.unreportedDrops -= dropped;
    if (dropped > 0) this.warn(`log capture dropped ${dropped} lines: its buffer was full`);
    if (this.waitingForDatabase) {
      this.waitingForDatabase = false;
      this.warn('log capture reached the database again: storing the lines it kept');
    }
  }

  /** A failed insert worth trying again later; says so once per outage. */
  private databaseAway(error: unknown): boolean {
    if (!isConnectionFailure(error)) return false;
    if (!this.waitingForDatabase) {
      this.waitingForDatabase = true;
      this.warn(
        `log capture cannot reach the database: keeping up to ${this.capacity} lines until it can`,
        error,
      );
    }
    return true;
  }

  private warn(message: string, error?: unknown): void {
    const err =
      error instanceof Error ? error.message : error === undefined ? undefined : String(error);
    this.report(`${JSON.stringify({ level: 40, time: Date.now(), msg: message, err })}\n`);
  }
}
