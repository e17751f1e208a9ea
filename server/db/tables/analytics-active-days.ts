import type { ColumnType } from 'kysely';

/** A member who did anything on a UTC day (one row however much they did). */
export interface AnalyticsActiveDaysTable {
  day: ColumnType<Date, string, string>;
  member_id: string;
}
