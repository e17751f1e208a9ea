import {
  LOG_LIMITS,
  jsonBytes,
  type ClientLogEntry,
  type LogLevel,
} from '../../../shared/ops/logs';

/** Sends one batch; resolves with the HTTP status, rejects when the network fails. */
export type SendLogBatch = (entries: ClientLogEntry[], keepalive: boolean) => Promise<number>;

export interface ClientLogShipperOptions {
  send: SendLogBatch;
  intervalMs?: number;
  /** Entries waiting beyond this are dropped, oldest first. */
  capacity?: number;
}

/** What a logged value becomes: JSON the server accepts, whatever the caller passed. */
export function shippableData(data: unknown): unknown {
  if (data === undefined) return undefined;
  let copy: unknown;
  try {
    copy =
      data instanceof Error
        ? { name: data.name, message: data.message, stack: data.stack }
        : JSON.parse(JSON.stringify(data));
  } catch {
    return { unserializable: String(data) };
  }
  if (copy === undefined) return undefined;
  if (jsonBytes(copy) <= LOG_LIMITS.dataBytes) return copy;
  return { truncated: true, preview: JSON.stringify(copy).slice(0, LOG_LIMITS.dataBytes / 2) };
}

/**
 * Buffers the client's log entries and ships them to `POST /logs` in batches. Logging never
 * waits or throws; a batch that fails (offline, rate-limited, signed out) is dropped rather than
 * retried, so a broken network cannot grow the buffer or storm the server.
 */
export class ClientLogShipper {
  private entries: ClientLogEntry[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sending: Promise<void> | null = null;
  private enabled = false;
  private readonly intervalMs: number;
  private readonly capacity: number;
  dropped = 0;

  constructor(private readonly options: ClientLogShipperOptions) {
    this.intervalMs = options.intervalMs ?? 2000;
    this.capacity = options.capacity ?? 200;
  }

  get pending(): number {
    return this.entries.length;
  }

  /** Only a signed-in member may post logs; while signed out entries are not kept. */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    if (!enabled) {
      this.entries = [];
      this.clearTimer();
    }
  }

  log(level: LogLevel, message: string, data?: unknown): void {
    if (!this.enabled) return;
    const text = message.trim().slice(0, LOG_LIMITS.messageChars) || '(empty message)';
    const entry: ClientLogEntry = { level, message: text, timestamp: new Date().toISOString() };
    const payload = shippableData(data);
    if (payload !== undefined) entry.data = payload;
    this.entries.push(entry);
    if (this.entries.length > this.capacity) {
      this.dropped += this.entries.length - this.capacity;
      this.entries.splice(0, this.entries.length - this.capacity);
    }
    if (this.entries.length >= LOG_LIMITS.batchEntries) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  }

  /** Sends what waits, a batch at a time; `keepalive` lets the last batch outlive the page. */
  async flush(keepalive = false): Promise<void> {
    this.clearTimer();
    // One send at a time; a flush during a send waits for it, which also sends what came since.
    this.sending ??= this.sendAll(keepalive).finally(() => {
      this.sending = null;
    });
    await this.sending;
  }

  private async sendAll(keepalive: boolean): Promise<void> {
    while (this.enabled && this.entries.length > 0) {
      const batch = this.entries.splice(0, LOG_LIMITS.batchEntries);
      const status = await this.options.send(batch, keepalive).catch(() => 0);
      if (status < 200 || status >= 300) {
        this.dropped += batch.length;
        break;
      }
    }
    if (this.enabled && this.entries.length > 0)
      this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  }

  stop(): void {
    this.clearTimer();
    this.enabled = false;
    this.entries = [];
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
