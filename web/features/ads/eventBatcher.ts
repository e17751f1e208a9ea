import { AD_EVENTS_BATCH_MAX, AD_EVENTS_FLUSH_MS, type AdEvent } from '../../../shared/ads';

/** What became of one request: sent, refused for good (4xx), or to try again later. */
export type SendOutcome = 'sent' | 'refused' | 'retry';

export interface AdEventBatcherOptions {
  /** Sends one batch; `leaving` when the page is being hidden and the request must outlive it. */
  send(events: AdEvent[], leaving: boolean): Promise<SendOutcome>;
  /** Unsent events kept, at most; beyond it the oldest go (a long outage must not grow memory). */
  maxQueued?: number;
}

const DEFAULT_MAX_QUEUED = 10 * AD_EVENTS_BATCH_MAX;

/**
 * Impressions and clicks wait here and leave in batches of at most 100 (002 §9): every 5 s while
 * the page is open (`start`), and at once when it is hidden (`flush(true)`). A batch the network
 * lost is queued again in front; one the server refused is dropped, as sending it again would be
 * refused again.
 */
export class AdEventBatcher {
  private queue: AdEvent[] = [];
  private sending: Promise<void> | null = null;
  private readonly maxQueued: number;

  constructor(private readonly options: AdEventBatcherOptions) {
    this.maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
  }

  add(event: AdEvent): void {
    this.queue.push(event);
    this.dropOldestBeyondLimit();
  }

  get pending(): number {
    return this.queue.length;
  }

  /**
   * Sends everything queued, a batch at a time. A flush while one runs waits for it and then
   * sends what came meanwhile; a page being hidden sends its batches at once, without waiting,
   * as nothing after the hide is sure to run.
   */
  async flush(leaving = false): Promise<void> {
    if (leaving) {
      while (this.queue.length > 0) {
        void this.options.send(this.queue.splice(0, AD_EVENTS_BATCH_MAX), true);
      }
      return;
    }
    while (this.sending) await this.sending;
    this.sending = this.drain().finally(() => {
      this.sending = null;
    });
    return this.sending;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, AD_EVENTS_BATCH_MAX);
      const outcome = await this.options.send(batch, false).catch((): SendOutcome => 'retry');
      if (outcome === 'retry') {
        this.queue.unshift(...batch);
        this.dropOldestBeyondLimit();
        return;
      }
    }
  }

  private dropOldestBeyondLimit(): void {
    const excess = this.queue.length - this.maxQueued;
    if (excess > 0) this.queue.splice(0, excess);
  }

  /** Flushes every 5 s; the returned function stops it. */
  start(
    every: (run: () => void, ms: number) => () => void = (run, ms) => {
      const handle = setInterval(run, ms);
      return () => clearInterval(handle);
    },
  ): () => void {
    return every(() => void this.flush(), AD_EVENTS_FLUSH_MS);
  }
}
