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
 * pass, optionally holding the stream back to a rate limit.
 */
export class RowCounter extends Transform {
  rows = 0;
  bytes = 0;
  private readonly started = Date.now();

  constructor(
    private readonly onRows: () => void,
    private readonly maxRowsPerSecond = 0,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    this.rows += countNewlines(chunk);
    this.onRows();
    const wait =
      this.maxRowsPerSecond > 0
        ? (this.rows / this.maxRowsPerSecond) * 1000 - (Date.now() - this.started)
        : 0;
    if (wait > 0) setTimeout(() => callback(null, chunk), wait);
    else callback(null, chunk);
  }
}

function countNewlines(chunk: Buffer): number {
  let count = 0;
  for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) count += 1;
  return count;
}
