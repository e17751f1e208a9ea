import type { Selectable } from 'kysely';
import type { Alert, MonitoringEvent, PerformanceMetric } from '../../../shared/ops/monitoring';
import type { AlertsTable } from '../../db/tables/alerts';
import type { MonitoringEventsTable } from '../../db/tables/monitoring-events';
import type { PerformanceMetricsTable } from '../../db/tables/performance-metrics';

/** One presenter per entity: REST answers and socket pushes carry the same shape. */
export function presentEvent(row: Selectable<MonitoringEventsTable>): MonitoringEvent {
  return {
    id: String(row.id),
    type: row.type,
    severity: row.severity,
    message: row.message,
    context: { url: row.url },
    metadata: { component: row.component },
    userId: row.user_id,
    timestamp: row.occurred_at.toISOString(),
    stackTrace: row.stack_trace,
    source: row.source,
  };
}

export function presentMetric(row: Selectable<PerformanceMetricsTable>): PerformanceMetric {
  return {
    id: String(row.id),
    name: row.name,
    value: row.value,
    unit: row.unit,
    timestamp: row.recorded_at.toISOString(),
    tags: row.tags,
  };
}

export function presentAlert(row: Selectable<AlertsTable>): Alert {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    severity: row.severity,
    timestamp: row.raised_at.toISOString(),
    rule: row.rule,
    acknowledged: row.acknowledged,
    acknowledgedBy:
      row.acknowledged_by_id && row.acknowledged_by_name
        ? { id: row.acknowledged_by_id, name: row.acknowledged_by_name }
        : null,
    acknowledgedAt: row.acknowledged_at?.toISOString() ?? null,
    resolved: row.resolved,
    resolvedAt: row.resolved_at?.toISOString() ?? null,
    version: row.version,
  };
}
