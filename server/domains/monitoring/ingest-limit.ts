/**
 * A fixed one-minute window per session. Kept in process memory: a browser talks to one process
 * at a time, and a limit that is per process at worst multiplies by the number of processes.
 */
export class SessionRateLimiter {
  private windows = new Map<string, { start: number; used: number }>();

  constructor(private readonly perMinute: number) {}

  /** Takes `count` from the session's budget; false (and nothing taken) when it does not fit. */
  take(sessionId: string, count: number, now = Date.now()): boolean {
    const window = this.windows.get(sessionId);
    const current = window && now - window.start < 60_000 ? window : { start: now, used: 0 };
    if (current.used + count > this.perMinute) return false;
    current.used += count;
    this.windows.set(sessionId, current);
    if (this.windows.size > 10_000) this.forgetIdle(now);
    return true;
  }

  private forgetIdle(now: number): void {
    for (const [id, window] of this.windows) {
      if (now - window.start >= 60_000) this.windows.delete(id);
    }
  }
}
