import { queueProgress } from '../../shared/ops/email';
import { afterFailure, retryDelayMs } from '../../server/domains/email/backoff';

describe('queue progress', () => {
  it('is (sent + failed) / total in percent', () => {
    expect(queueProgress({ pending: 1, processing: 1, sent: 1, failed: 1 })).toBe(50);
    expect(queueProgress({ pending: 3, processing: 0, sent: 1, failed: 0 })).toBe(25);
    expect(queueProgress({ pending: 0, processing: 0, sent: 2, failed: 1 })).toBe(100);
  });

  it('is 100 when the queue is empty', () => {
    expect(queueProgress({ pending: 0, processing: 0, sent: 0, failed: 0 })).toBe(100);
  });
});

describe('retry backoff', () => {
  it('doubles from the base after each failed try, up to the cap', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, 1000, 10_000))).toEqual([
      1000, 2000, 4000, 8000, 10_000,
    ]);
    expect(retryDelayMs(10_000, 1000, 3_600_000)).toBe(3_600_000);
  });

  it('schedules a retry until the last attempt, then fails', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const policy = { maxAttempts: 3, baseMs: 30_000, maxMs: 3_600_000 };
    expect(afterFailure(1, now, policy)).toEqual({
      status: 'pending',
      nextAttemptAt: new Date('2026-11-23T12:00:30Z'),
    });
    expect(afterFailure(2, now, policy)).toEqual({
      status: 'pending',
      nextAttemptAt: new Date('2026-11-23T12:01:00Z'),
    });
    expect(afterFailure(3, now, policy)).toEqual({ status: 'failed' });
  });
});
