import type { Logger } from 'pino';

/** What a pass found, for a loop whose passes can ask to look again soon. */
export interface PassOutcome {
  /** The pass got through some work: the look-again delay starts over from its first step. */
  progressed: boolean;
  /** Work is waiting on something that sends no wake-up (an older open transaction). */
  lookAgainSoon: boolean;
}

export interface Backoff {
  first: number;
  max: number;
}

export interface DrainLoopOptions {
  /** One pass over whatever is waiting. */
  pass(): Promise<PassOutcome | void>;
  logger: Logger;
  /** Logged with the error of a failed pass. */
  failureMessage: string;
  /** A failed pass is tried again after this long; without it, the next wake (or poll) does. */
  retryMs?: number;
  /** Wakes the loop this often, for lost wake-ups and for work that comes due on its own. */
  pollMs?: number;
  /**
   * When a pass asks to look again soon, the delay before looking: doubling up to `max` while
   * passes get nowhere. Without it such requests are ignored.
   */
  lookAgainMs?: Backoff;
  /**
   * Passes start at least this far apart: under load, wake-ups that arrive meanwhile share the
   * next pass instead of each costing one; an idle loop still starts its first pass at once.
   */
  minIntervalMs?: number;
}

/**
 * Runs passes when woken. Passes never overlap: wake-ups during a pass fold into exactly one more
 * pass after it. `stop()` waits for the pass in flight and no pass starts after it.
 */
export class DrainLoop {
  private running = false;
  private draining: Promise<void> | null = null;
  private wakeAgain = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private lookAgainDelay: number;
  private lastPassAt = 0;

  constructor(private readonly options: DrainLoopOptions) {
    this.lookAgainDelay = options.lookAgainMs?.first ?? 0;
  }

  /** Accepts wake-ups from now on and starts the poll; the caller wakes it for a first pass. */
  start(): void {
    if (this.running) return;
    this.running = true;
    const { pollMs } = this.options;
    if (pollMs !== undefined) {
      this.pollTimer = setInterval(() => this.wake(), pollMs);
      this.pollTimer.unref();
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
    this.clearRetry();
    await this.draining;
  }

  /** Asks for a pass: now, or once more right after the pass in progress. */
  wake(): void {
    if (!this.running) return;
    if (this.draining) {
      this.wakeAgain = true;
      return;
    }
    this.draining = this.drain().finally(() => {
      this.draining = null;
      // A wake-up between the last pass and this moment found the loop still draining.
      if (this.wakeAgain) this.wake();
    });
  }

  private async drain(): Promise<void> {
    // This pass does whatever a pending retry would have done.
    this.clearRetry();
    let outcome: PassOutcome | void;
    try {
      do {
        const wait = this.lastPassAt + (this.options.minIntervalMs ?? 0) - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        this.wakeAgain = false;
        this.lastPassAt = Date.now();
        outcome = await this.options.pass();
        if (outcome?.progressed) this.lookAgainDelay = this.options.lookAgainMs?.first ?? 0;
      } while (this.wakeAgain && this.running);
    } catch (error) {
      // Wake-ups folded into the failed pass are dropped with it: the retry or poll covers them.
      this.wakeAgain = false;
      this.options.logger.error({ err: error }, this.options.failureMessage);
      if (this.options.retryMs !== undefined) this.scheduleRetry(this.options.retryMs);
      return;
    }
    const backoff = this.options.lookAgainMs;
    if (outcome?.lookAgainSoon && backoff) {
      this.scheduleRetry(this.lookAgainDelay);
      this.lookAgainDelay = Math.min(this.lookAgainDelay * 2, backoff.max);
    }
  }

  private scheduleRetry(delay: number): void {
    if (this.retryTimer || !this.running) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.wake();
    }, delay);
    this.retryTimer.unref();
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
