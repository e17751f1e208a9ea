import type { ColumnType, Generated } from 'kysely';
import type {
  EVENT_SOURCES,
  MonitoringEventType,
  MonitoringSeverity,
} from '../../../shared/ops/monitoring';

/** Telemetry rows: append-only, pruned after MONITORING_RETENTION_DAYS. */
export interface MonitoringEventsTable {
  id: ColumnType<number, never, never>;
  type: MonitoringEventType;
  severity: MonitoringSeverity;
  message: string;
  url: string | null;
  component: string | null;
  user_id: string | null;
  occurred_at: Generated<Date>;
  stack_trace: string | null;
  source: (typeof EVENT_SOURCES)[number];
}
