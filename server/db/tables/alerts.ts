import type { MonitoringSeverity } from '../../../shared/ops/monitoring';

/** Read model of the `alert-<id>` streams. */
export interface AlertsTable {
  id: string;
  rule: string | null;
  title: string;
  message: string;
  severity: MonitoringSeverity;
  raised_at: Date;
  raised_by: string | null;
  acknowledged: boolean;
  acknowledged_by_id: string | null;
  acknowledged_by_name: string | null;
  acknowledged_at: Date | null;
  resolved: boolean;
  resolved_at: Date | null;
  version: number;
}
