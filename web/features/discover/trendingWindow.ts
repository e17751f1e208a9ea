import { trendingWindowSchema, type TrendingWindow } from '../../../shared/posts';

/** The windows trending ranks over (001 §2 Trending), the first being the default. */
export const TRENDING_WINDOWS: readonly { value: TrendingWindow; label: string }[] = [
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
];

export const DEFAULT_TRENDING_WINDOW: TrendingWindow = '24h';

/** The window named in the address (`?window=7d`); anything else reads as the default. */
export function trendingWindowOf(param: string | null): TrendingWindow {
  const parsed = trendingWindowSchema.safeParse(param);
  return parsed.success ? parsed.data : DEFAULT_TRENDING_WINDOW;
}

/** The address's query for a window: the default needs none, so `/trending` stays clean. */
export function trendingSearchFor(window: TrendingWindow): Record<string, string> {
  return window === DEFAULT_TRENDING_WINDOW ? {} : { window };
}

/** The empty state names the window the reader chose. */
export function noTrendingText(window: TrendingWindow): string {
  const label = TRENDING_WINDOWS.find((option) => option.value === window)?.label ?? '';
  return `Nothing is trending in the ${label.toLowerCase()} yet.`;
}
