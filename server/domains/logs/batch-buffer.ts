export interface BatchBufferOptions<T> {
  /** Writes one batch; a rejection loses that batch (reported through `onError`). */
  write(batch: T[]): Promise<void>;
  /** A batch is written this often while items wait. */
  intervalMs: number;
  /** A batch is written as soon as this many items wait. */
  batchSize: number;
  /** Items beyond this many waiting are dropped and counted. */
  capacity: number;
  onError(error: unknown, lost: number): void;
  /** Start held: items wait (up to `capacity`) until `resume`, e.g. until a database exists. */
  held?: boolean;
}

export interface BatchBufferStats {
  /** Batches written successfully. */
  batches: number;
  written: number;
  dropped: number;
  failed: number;
}

/**
 * Collects items from a synchronous producer and writes them in batches, one write at a time.
 * `push` never waits and never throws: when the writer falls behind, what does not fit is
 * dropped and counted, so the producer (a request logging a line) is never slowed down.
 */
export class BatchBuffer<T> {
  private items: T[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private closed = false;
  private held: boolean;
  /** Dropped since the last `takeDropped`, for the caller to report once per batch. */
  private droppedSinceReport = 0;
  readonly stats: BatchBufferStats = { batches: 0, written: 0, dropped: 0, failed: 0 };

  constructor(private readonly options: BatchBufferOptions<T>) {
    this.held = options.held ?? false;
  }

  get pending(): number {
    return this.items.length;
  }

  push(item: T): void {
    if (this.closed) return;
    if (this.items.length >= this.options.capacity) {
      this.stats.dropped += 1;
      this.droppedSinceReport += 1;
      return;
    }
    this.items.push(item);
    if (this.held) return;
    if (this.items.length >= this.options.batchSize) this.kick();
    else this.timer ??= setTimeout(() => this.kick(), this.options.intervalMs).unref();
  }

  /** How many items were dropped since the last call; resets the count. */
  takeDropped(): number {
    const dropped = this.droppedSinceReport;
    this.droppedSinceReport = 0;
    return dropped;
  }

  /** Lets held items (and new ones) be written. */
  resume(): void {
    this.held = false;
    if (this.items.length > 0) this.kick();
  }

  /** Waits for the write in hand and holds new items until `resume`. */
  async hold(): Promise<void> {
    this.held = true;
    while (this.writing) await this.writing;
  }

  /** Writes everything waiting, including what arrives while it writes (unless held). */
  async flush(): Promise<void> {
    while (this.writing || (!this.held && this.items.length > 0)) {
      if (this.writing) await this.writing;
      else this.kick();
    }
  }

  /** Refuses further items and writes what is left. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private kick(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.writing || this.held || this.items.length === 0) return;
    const batch = this.items.splice(0, this.options.batchSize);
    this.writing = this.options
      .write(batch)
      .then(
        () => {
          this.stats.batches += 1;
          this.stats.written += batch.length;
        },
        (error: unknown) => {
          this.stats.failed += batch.length;
          this.options.onError(error, batch.length);
        },
      )
      .finally(() => {
        this.writing = null;
        // What arrived during the write goes in the next batch: at once if a batch is full,
        // otherwise after the interval.
        if (this.held) return;
        if (this.items.length >= this.options.batchSize) this.kick();
        else if (this.items.length > 0 && !this.closed)
          this.timer ??= setTimeout(() => this.kick(), this.options.intervalMs).unref();
      });
  }
}
