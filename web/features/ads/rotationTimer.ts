import { ROTATION_RANDOM_SPREAD_MS } from '../../../shared/ads';
import type { Timers } from './impressionTracker';

/**
 * The wait before the next ad: the placement's interval, plus a random part of the spread (002
 * §9: 3000 to 8000 ms for the seeded 3000). `random` is in [0, 1), as `Math.random` is.
 */
export function rotationDelayMs(intervalMs: number, random: () => number = Math.random): number {
  return intervalMs + Math.round(random() * ROTATION_RANDOM_SPREAD_MS);
}

export interface RotationTimerOptions {
  intervalMs: number;
  onAdvance: () => void;
  timers: Timers;
  random?: () => number;
}

/** Calls `onAdvance` after each random wait, a new one drawn each time, until the stop it returns. */
export function startRotation({
  intervalMs,
  onAdvance,
  timers,
  random = Math.random,
}: RotationTimerOptions): () => void {
  let handle: unknown = null;
  const schedule = () => {
    handle = timers.setTimeout(
      () => {
        onAdvance();
        schedule();
      },
      rotationDelayMs(intervalMs, random),
    );
  };
  schedule();
  return () => timers.clearTimeout(handle);
}
