import type { Engagement } from '../../../shared/profiles';

/** The stats page's day ranges; 30 is the server's default. */
export const ENGAGEMENT_RANGES = [7, 30, 90] as const;
export type EngagementRange = (typeof ENGAGEMENT_RANGES)[number];
export const DEFAULT_ENGAGEMENT_RANGE: EngagementRange = 30;

export const ENGAGEMENT_SERIES = [
  { key: 'posts', label: 'Posts', color: '#6366f1' },
  { key: 'likes', label: 'Likes', color: '#ec4899' },
  { key: 'comments', label: 'Comments', color: '#10b981' },
  { key: 'followers', label: 'Followers', color: '#f59e0b' },
] as const;
export type EngagementSeries = (typeof ENGAGEMENT_SERIES)[number]['key'];

export type EngagementRow = Record<EngagementSeries, number> & { date: string; label: string };

/** The chart's rows in date order, each with a short day label ('Nov 25'). */
export function engagementRows(points: Engagement['points'], locale = 'en-US'): EngagementRow[] {
  const format = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return points
    .toSorted((a, b) => a.date.localeCompare(b.date))
    .map((point) => ({ ...point, label: format.format(Date.parse(point.date)) }));
}

/** Each series summed over the range, for the figures above the chart. */
export function engagementTotals(points: Engagement['points']): Record<EngagementSeries, number> {
  const totals = { posts: 0, likes: 0, comments: 0, followers: 0 };
  for (const point of points) {
    totals.posts += point.posts;
    totals.likes += point.likes;
    totals.comments += point.comments;
    totals.followers += point.followers;
  }
  return totals;
}

/** A range with no activity at all shows the empty state rather than four flat lines. */
export function hasActivity(points: Engagement['points']): boolean {
  return points.some((point) => point.posts + point.likes + point.comments + point.followers > 0);
}
