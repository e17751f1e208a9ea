import type { ColumnType } from 'kysely';
import type { AnalyticsMetric } from '../../../shared/analytics/schemas';

/** What happened to one member's content and profile, per UTC day and metric. */
export interface AnalyticsMemberDailyTable {
  member_id: string;
  /** Written as `YYYY-MM-DD`; pg reads a date back as a Date, so reads format it in SQL. */
  day: ColumnType<Date, string, string>;
  metric: AnalyticsMetric;
  count: number;
}
