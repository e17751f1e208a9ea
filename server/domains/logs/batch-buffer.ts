export interface BatchBufferOptions<T> {
  /** Writes one batch. A rejection loses that batch (reported through `onError`) unless `retryable`. */
  write(batch: T[]): Promise<void>;
  /** A batch is written this often while items wait. */
  intervalMs: number;
  /** A batch is written as soon as this many items wait. */
  batchSize: number;
  /** Items beyond this many waiting are dropped and counted. */
  capacity: number;
  onError(error: unknown, lost: number): void;
  /**
   * Whether a failed write may succeed later (the database is away). Such a batch goes back to
   * the front of the buffer and writing pauses, `retryMs.first` doubling up to `retryMs.max`,
   * until a write succeeds; meanwhile items keep arriving up to `capacity`.
   */
  retryable?(error: unknown): boolean;
  retryMs?: { first: number; max: number };
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
 * `push` never waits and never throws: when the writer falls behind (or the database is away),
 * what does not fit is dropped and counted, so the producer (a request logging a line) is never
 * slowed down.
 */
export class BatchBuffer<T> {
  private items: T[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private closed = false;
  private held: boolean;
  /** Set while writing pauses after a retryable failure. */
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelay: number;
  /** Retryable failures so far: `flush` stops at the first one it meets. */
  private stalls = 0;
  /** Dropped since the last `takeDropped`, for the caller to report once per batch. */
  private droppedSinceReport = 0;
  readonly stats: BatchBufferStats = { batches: 0, written: 0, dropped: 0, failed: 0 };

  constructor(private readonly options: BatchBufferOptions<T>) {
    this.held = options.held ?? false;
    this.retryDelay = this.retryBounds.first;
  }

  get pending(): number {
    return this.items.length;
  }

  push(item: T): void {
    if (this.closed) return;
    if (this.items.length >= this.options.capacity) {
      this.drop(1);
      return;
    }
    this.items.push(item);
    if (this.held || this.retryTimer) return;
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

  /**
   * Writes everything waiting, including what arrives while it writes (unless held). A paused
   * buffer tries at once; a write that fails and may succeed later ends the flush, its items
   * still waiting.
   */
  async flush(): Promise<void> {
    const stallsBefore = this.stalls;
    this.clearRetry();
    while (this.writing || (!this.held && this.items.length > 0)) {
      if (this.writing) await this.writing;
      else this.kick();
      if (this.stalls !== stallsBefore) return;
    }
  }

  /** Refuses further items and writes what is left. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private get retryBounds() {
    return this.options.retryMs ?? { first: this.options.intervalMs, max: 30_000 };
  }

  private drop(count: number): void {
    this.stats.dropped += count;
    this.droppedSinceReport += count;
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /** Puts a batch that may be written later back in front, oldest first, within capacity. */
  private putBack(batch: T[]): void {
    this.items = batch.concat(this.items);
    const over = this.items.length - this.options.capacity;
    if (over > 0) {
      this.items.length = this.options.capacity;
      this.drop(over);
    }
    this.stalls += 1;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, this.retryBounds.max);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.kick();
    }, delay).unref();
  }

  private kick(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.writing || this.held || this.retryTimer || this.items.length === 0) return;
    const batch = this.items.splice(0, this.options.batchSize);
    this.writing = this.options
      .write(batch)
      .then(
        () => {
          this.stats.batches += 1;
          this.stats.written += batch.length;
          this.retryDelay = this.retryBounds.first;
        },
        (error: unknown) => {
          if (this.options.retryable?.(error)) {
            this.putBack(batch);
            return;
          }
          this.stats.failed += batch.length;
          this.options.onError(error, batch.length);
        },
      )
      .finally(() => {
        this.writing = null;
        // What arrived during the write goes in the next batch: at once if a batch is full,
        // otherwise after the interval; after a retryable failure, when the pause ends.
        if (this.held || this.retryTimer) return;
        if (this.items.length >= this.options.batchSize) this.kick();
        else if (this.items.length > 0 && !this.closed)
          this.timer ??= setTimeout(() => this.kick(), this.options.intervalMs).unref();
      });
  }
}
