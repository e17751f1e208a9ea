import { Transform, type TransformCallback } from 'node:stream';

/** How often a running job writes and pushes its progress: often enough to watch, not per event. */
export const PROGRESS_INTERVAL_MS = 250;

/**
 * Calls `report` at most once per interval and never twice at once; `flush` waits for the one in
 * flight. A failed report is logged by the caller's `report` and does not stop the job.
 */
export class ThrottledReporter {
  private last = 0;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly report: () => Promise<void>,
    private readonly intervalMs = PROGRESS_INTERVAL_MS,
  ) {}

  tick(): void {
    const now = Date.now();
    if (this.inFlight || now - this.last < this.intervalMs) return;
    this.last = now;
    this.inFlight = this.report().finally(() => {
      this.inFlight = null;
    });
  }

  async flush(): Promise<void> {
    await this.inFlight;
  }
}

/**
 * Counts COPY text rows (one newline each: newlines inside values are escaped) and bytes as they
 * pass, optionally counting rows per stream category (the second column up to its first '-')
 * and holding the stream back to a rate limit.
 */
export class RowCounter extends Transform {
  rows = 0;
  bytes = 0;
  private readonly tally = new Map<string, number>();
  private lastCategory: { bytes: Buffer; count: number } | null = null;
  private carry: Buffer | null = null;
  private readonly started = Date.now();

  constructor(
    private readonly onRows: () => void,
    private readonly maxRowsPerSecond = 0,
    private readonly countCategories = false,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    if (this.countCategories) this.countLines(chunk);
    else this.rows += countNewlines(chunk);
    this.onRows();
    const wait =
      this.maxRowsPerSecond > 0
        ? (this.rows / this.maxRowsPerSecond) * 1000 - (Date.now() - this.started)
        : 0;
    if (wait > 0) setTimeout(() => callback(null, chunk), wait);
    else callback(null, chunk);
  }

  private countLines(chunk: Buffer): void {
    // A row may straddle two chunks: its start is carried over to the next one.
    const buffer = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    let start = 0;
    for (let end = buffer.indexOf(10, start); end >= 0; end = buffer.indexOf(10, start)) {
      this.rows += 1;
      const tab = buffer.indexOf(9, start);
      const next = tab >= 0 && tab < end ? buffer.indexOf(9, tab + 1) : -1;
      if (next > tab && next < end) {
        // Every row has a '-' later on (occurred_at is a date), so this search stays in the row.
        const dash = buffer.indexOf(45, tab + 1);
        this.countCategory(buffer, tab + 1, dash >= 0 && dash < next ? dash : next);
      }
      start = end + 1;
    }
    this.carry = start < buffer.length ? Buffer.from(buffer.subarray(start)) : null;
  }

  /** Neighbouring rows mostly share a category: compare bytes before decoding a new one. */
  private countCategory(buffer: Buffer, from: number, to: number): void {
    const last = this.lastCategory;
    if (
      last &&
      to - from === last.bytes.length &&
      buffer.compare(last.bytes, 0, last.bytes.length, from, to) === 0
    ) {
      last.count += 1;
      return;
    }
    this.flushCategory();
    this.lastCategory = { bytes: Buffer.from(buffer.subarray(from, to)), count: 1 };
  }

  private flushCategory(): void {
    const last = this.lastCategory;
    if (!last) return;
    const name = last.bytes.toString('latin1');
    this.tally.set(name, (this.tally.get(name) ?? 0) + last.count);
    this.lastCategory = null;
  }

  /** Rows per stream category seen so far. */
  get categories(): Map<string, number> {
    this.flushCategory();
    return this.tally;
  }
}

function countNewlines(chunk: Buffer): number {
  let count = 0;
  for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) count += 1;
  return count;
}
