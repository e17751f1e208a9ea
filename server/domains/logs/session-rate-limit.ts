export interface RateLimitOptions {
  /** Entries a session may send at once. */
  burst: number;
  /** Entries a session earns back per second. */
  perSecond: number;
  now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per session, kept in this process's memory: each process admits its own share,
 * which is plenty to stop a runaway client loop without a database round trip per batch.
 */
export class SessionRateLimit {
  private readonly buckets = new Map<string, Bucket>();
  private readonly now: () => number;

  constructor(private readonly options: RateLimitOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Takes `cost` tokens; false (nothing taken) when the session has too few. */
  take(sessionId: string, cost: number): boolean {
    const now = this.now();
    const bucket = this.refilled(sessionId, now);
    if (bucket.tokens < cost) {
      this.buckets.set(sessionId, bucket);
      return false;
    }
    this.buckets.set(sessionId, { tokens: bucket.tokens - cost, at: now });
    this.forgetFull(now);
    return true;
  }

  /** Seconds until `cost` tokens are there again. */
  retryAfterSeconds(sessionId: string, cost: number): number {
    const bucket = this.refilled(sessionId, this.now());
    return Math.max(1, Math.ceil((cost - bucket.tokens) / this.options.perSecond));
  }

  private refilled(sessionId: string, now: number): Bucket {
    const bucket = this.buckets.get(sessionId);
    if (!bucket) return { tokens: this.options.burst, at: now };
    const earned = ((now - bucket.at) / 1000) * this.options.perSecond;
    return { tokens: Math.min(this.options.burst, bucket.tokens + earned), at: now };
  }

  /** Full buckets carry no state; dropping them keeps the map as small as the active sessions. */
  private forgetFull(now: number): void {
    if (this.buckets.size < 10_000) return;
    for (const id of this.buckets.keys()) {
      if (this.refilled(id, now).tokens >= this.options.burst) this.buckets.delete(id);
    }
  }
}
