import type { ColumnType } from 'kysely';
import type { ContentMetric } from '../../../shared/content/history';

/** Analytics hits of one post, per day (UTC) and metric. */
export interface ContentAnalyticsTable {
  post_id: string;
  /** Written as `YYYY-MM-DD`; pg reads a date back as a Date, so reads format it in SQL. */
  day: ColumnType<Date, string, string>;
  metric: ContentMetric;
  author_id: string;
  count: number;
}
