import { sql } from 'kysely';
import {
  bucketStarts,
  METRICS_LIMIT,
  MONITORING_RANGES,
  SERVER_METRICS,
  type EventCountPoint,
  type MetricSeries,
  type MetricUnit,
  type MetricsResponse,
  type MonitoringEvent,
  type MonitoringEventType,
  type MonitoringRange,
  type MonitoringSeverity,
  type MonitoringSummary,
} from '../../../shared/ops/monitoring';
import type { Db } from '../../db/schema';
import { presentEvent, presentMetric } from './presenters';

const since = (now: Date, range: MonitoringRange) =>
  new Date(now.getTime() - MONITORING_RANGES[range].durationMs);

/** Buckets are aligned to the epoch, like `bucketStart` on the client, so pushes land in them. */
const bucketOf = (column: string, bucketMs: number) =>
  sql<Date>`to_timestamp(floor(extract(epoch from ${sql.ref(column)}) * 1000 / ${bucketMs}) * ${bucketMs} / 1000.0)`;

export async function listEvents(
  db: Db,
  filter: {
    type?: MonitoringEventType;
    severity?: MonitoringSeverity;
    limit: number;
    range: MonitoringRange;
  },
  now = new Date(),
): Promise<MonitoringEvent[]> {
  let query = db
    .selectFrom('monitoring_events')
    .selectAll()
    .where('occurred_at', '>', since(now, filter.range));
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.severity) query = query.where('severity', '=', filter.severity);
  const rows = await query.orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map(presentEvent);
}

/** Groups bucket rows per metric, keeping only buckets that start inside the range. */
function fillSeries(
  rows: { name: string; unit: MetricUnit; bucket: Date; avg: number; max: number; count: number }[],
  starts: number[],
): MetricSeries[] {
  const byName = new Map<
    string,
    { unit: MetricUnit; points: Map<number, (typeof rows)[number]> }
  >();
  for (const row of rows) {
    const entry = byName.get(row.name) ?? { unit: row.unit, points: new Map() };
    entry.points.set(row.bucket.getTime(), row);
    byName.set(row.name, entry);
  }
  return [...byName].map(([name, { unit, points }]) => ({
    name,
    unit,
    points: starts
      .filter((start) => points.has(start))
      .map((start) => {
        const row = points.get(start)!;
        return {
          start: new Date(start).toISOString(),
          avg: row.avg,
          max: row.max,
          count: row.count,
        };
      }),
  }));
}

/** The newest metrics (spec: 50) and, per metric name, its buckets over the range. */
export async function listMetrics(
  db: Db,
  filter: { name?: string; range: MonitoringRange },
  now = new Date(),
): Promise<MetricsResponse> {
  const from = since(now, filter.range);
  const { bucketMs } = MONITORING_RANGES[filter.range];
  let latest = db.selectFrom('performance_metrics').selectAll().where('recorded_at', '>', from);
  if (filter.name) latest = latest.where('name', '=', filter.name);
  const rows = await latest.orderBy('id', 'desc').limit(METRICS_LIMIT).execute();

  let buckets = db
    .selectFrom('performance_metrics')
    .select([
      'name',
      sql<MetricUnit>`min(unit)`.as('unit'),
      bucketOf('recorded_at', bucketMs).as('bucket'),
      sql<number>`avg(value)::float8`.as('avg'),
      sql<number>`max(value)::float8`.as('max'),
      sql<number>`count(*)::int`.as('count'),
    ])
    .where('recorded_at', '>', from);
  if (filter.name) buckets = buckets.where('name', '=', filter.name);
  const bucketRows = await buckets.groupBy(['name', 'bucket']).orderBy('bucket').execute();
  return {
    range: filter.range,
    bucketMs,
    metrics: rows.map(presentMetric),
    series: fillSeries(bucketRows, bucketStarts(now.getTime(), filter.range)),
  };
}

export async function readSummary(
  db: Db,
  range: MonitoringRange,
  now = new Date(),
): Promise<MonitoringSummary> {
  const from = since(now, range);
  const { bucketMs } = MONITORING_RANGES[range];
  const [counts, perBucket, alerts, response] = await Promise.all([
    db
      .selectFrom('monitoring_events')
      .select([
        sql<number>`count(*)::int`.as('total'),
        sql<number>`(count(*) filter (where type = 'error'))::int`.as('errors'),
        sql<number>`(count(*) filter (where type = 'warning'))::int`.as('warnings'),
        sql<number>`(count(*) filter (where severity = 'critical'))::int`.as('critical'),
      ])
      .where('occurred_at', '>', from)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('monitoring_events')
      .select([
        bucketOf('occurred_at', bucketMs).as('bucket'),
        sql<number>`(count(*) filter (where type = 'error'))::int`.as('errors'),
        sql<number>`(count(*) filter (where type = 'warning'))::int`.as('warnings'),
        sql<number>`(count(*) filter (where type not in ('error', 'warning')))::int`.as('other'),
      ])
      .where('occurred_at', '>', from)
      .groupBy('bucket')
      .orderBy('bucket')
      .execute(),
    db
      .selectFrom('alerts')
      .select(sql<number>`count(*)::int`.as('active'))
      .where('acknowledged', '=', false)
      .where('resolved', '=', false)
      .executeTakeFirstOrThrow(),
    // Each row is one route's flush window: weight its average by its request count.
    db
      .selectFrom('performance_metrics')
      .select(
        sql<
          number | null
        >`sum((tags->>'avg')::float8 * (tags->>'count')::float8) / nullif(sum((tags->>'count')::float8), 0)`.as(
          'avg',
        ),
      )
      .where('name', '=', SERVER_METRICS.requestDuration)
      .where('recorded_at', '>', from)
      .executeTakeFirstOrThrow(),
  ]);
  const eventCounts: EventCountPoint[] = perBucket.map((row) => ({
    start: row.bucket.toISOString(),
    errors: row.errors,
    warnings: row.warnings,
    other: row.other,
  }));
  return {
    range,
    bucketMs,
    totalEvents: counts.total,
    errors: counts.errors,
    warnings: counts.warnings,
    critical: counts.critical,
    activeAlerts: alerts.active,
    avgResponseTimeMs: response.avg,
    eventCounts,
  };
}
