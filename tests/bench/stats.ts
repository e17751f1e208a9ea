/** Nearest-rank percentile (p in 0..100) of samples; NaN when there are none. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function sortedSamples(values: number[]): Float64Array {
  return Float64Array.from(values).sort();
}

export interface Summary {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export function summarize(values: number[]): Summary {
  const sorted = sortedSamples(values);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN,
  };
}
