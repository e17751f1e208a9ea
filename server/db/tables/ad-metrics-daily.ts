import type { ColumnType, Generated } from 'kysely';

/** Every ad's counts per UTC day. */
export interface AdMetricsDailyTable {
  ad_id: string;
  /** Written as `YYYY-MM-DD`; pg reads a date back as a Date. */
  day: ColumnType<Date, string, string>;
  impressions: Generated<number>;
  clicks: Generated<number>;
}
