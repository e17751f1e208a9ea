import { formatBytes } from '../../../../shared/format';

/** Bytes sent by a moment (milliseconds on any monotonic clock). */
export interface RateSample {
  at: number;
  loaded: number;
}

/**
 * How far back the speed looks: long enough to smooth the bursts a browser reports progress in,
 * short enough that the estimate follows a connection that slows down.
 */
export const RATE_WINDOW_MS = 3000;

/**
 * Adds a sample and drops those that left the window, keeping the newest one at or before its
 * start as the baseline, so the measured span covers the whole window rather than what is left.
 */
export function withSample(
  samples: readonly RateSample[],
  sample: RateSample,
  windowMs: number = RATE_WINDOW_MS,
): RateSample[] {
  const last = samples.at(-1);
  if (last && (sample.at < last.at || sample.loaded < last.loaded)) return [...samples];
  const kept = last && last.at === sample.at ? samples.slice(0, -1) : [...samples];
  kept.push(sample);
  const start = sample.at - windowMs;
  let drop = 0;
  while (drop + 1 < kept.length && kept[drop + 1]!.at <= start) drop += 1;
  return kept.slice(drop);
}

/** Bytes per second across the window, or null until two moments are known. */
export function bytesPerSecond(samples: readonly RateSample[]): number | null {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last || last.at <= first.at) return null;
  return ((last.loaded - first.loaded) * 1000) / (last.at - first.at);
}

/** Whole seconds until `total`, or null while the speed is unknown or nothing moves. */
export function secondsLeft(loaded: number, total: number, rate: number | null): number | null {
  if (rate === null || rate <= 0) return null;
  return Math.ceil(Math.max(0, total - loaded) / rate);
}

export function formatRate(rate: number): string {
  return `${formatBytes(rate)}/s`;
}

export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
