import type { ColumnType } from 'kysely';
import type { AnalyticsMetric } from '../../../shared/analytics/schemas';

/** The site's totals per UTC day and metric, split over shards that reads add up. */
export interface AnalyticsSiteDailyTable {
  day: ColumnType<Date, string, string>;
  metric: AnalyticsMetric;
  shard: number;
  count: number;
}
