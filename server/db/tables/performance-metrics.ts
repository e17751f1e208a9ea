import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { MetricUnit } from '../../../shared/ops/monitoring';

/** Telemetry rows: append-only, pruned after MONITORING_RETENTION_DAYS. */
export interface PerformanceMetricsTable {
  id: ColumnType<number, never, never>;
  name: string;
  value: number;
  unit: MetricUnit;
  tags: JSONColumnType<Record<string, string>>;
  recorded_at: Generated<Date>;
}
