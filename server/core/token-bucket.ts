export interface BucketRule {
  /** Signals that may arrive at once. */
  burst: number;
  /** Signals earned back per second. */
  perSecond: number;
}

/**
 * A token bucket in memory, for what lives on one process only (a socket's signals): a burst,
 * then a steady rate; what arrives beyond it is refused.
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly rule: BucketRule,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = rule.burst;
    this.at = now();
  }

  /** Takes one token; false (nothing taken) when there is none. */
  take(): boolean {
    const now = this.now();
    const earned = ((now - this.at) / 1000) * this.rule.perSecond;
    this.tokens = Math.min(this.rule.burst, this.tokens + earned);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
