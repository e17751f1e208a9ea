/**
 * Delay before the next try after `attempts` failed ones: the base doubling each time, capped.
 * The first retry waits `baseMs`.
 */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  const exponent = Math.max(0, attempts - 1);
  // 2 ** 60 already exceeds any sane cap; stopping there keeps the product finite.
  return Math.min(maxMs, baseMs * 2 ** Math.min(exponent, 60));
}

export type DeliveryOutcome =
  { status: 'sent' } | { status: 'pending'; nextAttemptAt: Date } | { status: 'failed' };

/** What becomes of an email whose try number `attempts` failed. */
export function afterFailure(
  attempts: number,
  now: Date,
  policy: { maxAttempts: number; baseMs: number; maxMs: number },
): DeliveryOutcome {
  if (attempts >= policy.maxAttempts) return { status: 'failed' };
  return {
    status: 'pending',
    nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts, policy.baseMs, policy.maxMs)),
  };
}
