/** What a coalescer runs: one pass over the keys that are due, together. */
export interface CoalescerOptions {
  /**
   * A key runs again at the earliest this long after its last run ended; requests meanwhile fold
   * into that one run.
   */
  windowMs: number;
  run(keys: string[]): Promise<void>;
  /** A run that failed; its keys are not run again until they are asked for again. */
  onError(error: unknown): void;
}

interface KeyState {
  lastRunAt: number;
  pending: boolean;
  running: boolean;
}

/**
 * Coalesces pushes of one thing (a post's counts) per short window. The first request for a key
 * after a quiet window runs at once; requests within `windowMs` of the end of the key's last run
 * fold into one run at the window's end. A run reads the current state, so the newest value wins, and a
 * request that arrives while its key's run is in flight gets one more run after it: the last
 * value always goes out. Keys due at the same moment share one run (one read for them all), as do
 * keys requested in one turn of the event loop; one key never has two runs at once.
 */
export class Coalescer {
  private readonly keys = new Map<string, KeyState>();
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Number.POSITIVE_INFINITY;
  private readonly inFlight = new Set<Promise<void>>();
  private scheduled = false;
  private stopped = false;

  constructor(private readonly options: CoalescerOptions) {}

  request(keys: Iterable<string>): void {
    if (this.stopped) return;
    for (const key of keys) {
      const state = this.keys.get(key);
      if (state) state.pending = true;
      else
        this.keys.set(key, { lastRunAt: Number.NEGATIVE_INFINITY, pending: true, running: false });
    }
    // Requests made in one turn of the event loop share their run.
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.schedule();
    });
  }

  /** Runs nothing more; waits for the runs in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.all(this.inFlight);
  }

  /** Starts the runs that are due, and sets the timer for the next one. */
  private schedule(): void {
    if (this.stopped) return;
    const now = performance.now();
    const due: string[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const [key, state] of this.keys) {
      const at = state.lastRunAt + this.options.windowMs;
      if (!state.pending || state.running) {
        // Past its window and idle, a key is forgotten: its next request runs at once anyway.
        if (!state.pending && !state.running && at <= now) this.keys.delete(key);
        continue;
      }
      if (at <= now) due.push(key);
      else next = Math.min(next, at);
    }
    if (due.length > 0) this.start(due, now);
    if (next < this.timerAt) {
      if (this.timer) clearTimeout(this.timer);
      this.timerAt = next;
      this.timer = setTimeout(
        () => {
          this.timer = null;
          this.timerAt = Number.POSITIVE_INFINITY;
          this.schedule();
        },
        Math.max(0, next - now),
      );
      this.timer.unref();
    }
  }

  private start(keys: string[], now: number): void {
    for (const key of keys) {
      const state = this.keys.get(key)!;
      state.pending = false;
      state.running = true;
      state.lastRunAt = now;
    }
    const run = this.options
      .run(keys)
      .catch((error: unknown) => this.options.onError(error))
      .finally(() => {
        this.inFlight.delete(run);
        // The window runs from the run's end: runs slowed by a busy process come less often
        // instead of back to back, and leave it time for the work that makes the changes.
        const endedAt = performance.now();
        for (const key of keys) {
          const state = this.keys.get(key);
          if (!state) continue;
          state.running = false;
          state.lastRunAt = endedAt;
        }
        this.schedule();
      });
    this.inFlight.add(run);
  }
}
