import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Counts the database round trips made inside a scope (a command): every query sent and awaited
 * is one, a pipeline of statements is one. Counted where queries leave the process
 * (prepared-client.ts), so the figure is measured, not estimated.
 */
const scope = new AsyncLocalStorage<{ trips: number }>();

export function countRoundTrip(): void {
  const current = scope.getStore();
  if (current) current.trips += 1;
}

export async function measureRoundTrips<T>(
  work: () => Promise<T>,
): Promise<{ value: T; trips: number }> {
  const counter = { trips: 0 };
  const value = await scope.run(counter, work);
  return { value, trips: counter.trips };
}

/**
 * Runs work outside any command's count: a batch written for many commands is counted once for
 * each of them by the batcher, not all of it for the command that happened to start it.
 */
export function outsideRoundTripCount<T>(work: () => T): T {
  return scope.exit(work);
}
