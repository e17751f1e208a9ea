const round2 = (value: number) => Math.round(value * 100) / 100;

/** (likes + comments + shares) / post views as a percentage, two decimals; 0 without views. */
export function engagementRate(engagements: number, postViews: number): number {
  return postViews === 0 ? 0 : round2((engagements / postViews) * 100);
}

/**
 * The change from `previous` to `current` in percent, one decimal; null when there was nothing
 * before (any change from 0 is not a percentage).
 */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}
