import {
  MONITORING_RANGES,
  mergeIntoSeries,
  METRICS_LIMIT,
  type Alert,
  type EventsQuery,
  type MetricsQuery,
  type MetricsResponse,
  type MonitoringEvent,
  type PerformanceMetric,
} from '../../../shared/ops/monitoring';

/** Keeps the alert with the higher version: a late or repeated push cannot roll one back. */
export function upsertAlert(alerts: Alert[], alert: Alert): Alert[] {
  const index = alerts.findIndex((a) => a.id === alert.id);
  if (index < 0) {
    return [alert, ...alerts].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
  }
  if (alerts[index]!.version >= alert.version) return alerts;
  return alerts.map((a, i) => (i === index ? alert : a));
}

/** Adds pushed events that match a cached list's filters, newest first, within its limit. */
export function addEvents(
  list: MonitoringEvent[],
  pushed: MonitoringEvent[],
  query: EventsQuery,
): MonitoringEvent[] {
  const known = new Set(list.map((e) => e.id));
  const fresh = pushed.filter(
    (e) =>
      !known.has(e.id) &&
      (!query.type || e.type === query.type) &&
      (!query.severity || e.severity === query.severity),
  );
  if (fresh.length === 0) return list;
  const limit = query.limit ?? 100;
  return [...fresh, ...list].sort((a, b) => Number(b.id) - Number(a.id)).slice(0, limit);
}

/** Adds pushed metrics to a cached metrics answer: the newest list and the chart series. */
export function addMetrics(
  response: MetricsResponse,
  pushed: PerformanceMetric[],
  query: MetricsQuery,
  now = Date.now(),
): MetricsResponse {
  const known = new Set(response.metrics.map((m) => m.id));
  const fresh = pushed.filter((m) => !known.has(m.id) && (!query.name || m.name === query.name));
  if (fresh.length === 0) return response;
  const { durationMs, bucketMs } = MONITORING_RANGES[response.range];
  const oldest = now - durationMs;
  const series = response.series.map((s) => ({ ...s }));
  for (const metric of fresh) {
    let entry = series.find((s) => s.name === metric.name);
    if (!entry) {
      entry = { name: metric.name, unit: metric.unit, points: [] };
      series.push(entry);
    }
    entry.points = mergeIntoSeries(
      entry.points,
      { value: metric.value, time: Date.parse(metric.timestamp) },
      bucketMs,
      oldest,
    );
  }
  const metrics = [...fresh, ...response.metrics]
    .sort((a, b) => Number(b.id) - Number(a.id))
    .slice(0, METRICS_LIMIT);
  return { ...response, metrics, series };
}
