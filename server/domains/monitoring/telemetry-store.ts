import type { Insertable } from 'kysely';
import {
  type MonitoringEvent,
  type MonitoringPush,
  type PerformanceMetric,
} from '../../../shared/ops/monitoring';
import { OPS_EVENTS } from '../../../shared/ops/realtime';
import type { Db } from '../../db/schema';
import type { MonitoringEventsTable } from '../../db/tables/monitoring-events';
import type { PerformanceMetricsTable } from '../../db/tables/performance-metrics';
import { OPS_PAYLOAD_LIMIT, publishOps } from '../../realtime/ops-channel';
import { presentEvent, presentMetric } from './presenters';

/** Pushes carry the start of a stack trace only; the dashboard's list never shows more. */
const PUSHED_STACK_CHARS = 300;
const PUSHED_MESSAGE_CHARS = 500;
/** Room left for the envelope `{"event":"monitoring","payload":...}` and its version. */
const ENVELOPE_BYTES = 100;

export async function insertEvents(
  db: Db,
  rows: Insertable<MonitoringEventsTable>[],
): Promise<MonitoringEvent[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insertInto('monitoring_events').values(rows).returningAll().execute();
  return inserted.map(presentEvent);
}

export async function insertMetrics(
  db: Db,
  rows: Insertable<PerformanceMetricsTable>[],
): Promise<PerformanceMetric[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insertInto('performance_metrics').values(rows).returningAll().execute();
  return inserted.map(presentMetric);
}

function compactEvent(event: MonitoringEvent): MonitoringEvent {
  return {
    ...event,
    message: event.message.slice(0, PUSHED_MESSAGE_CHARS),
    stackTrace: event.stackTrace?.slice(0, PUSHED_STACK_CHARS) ?? null,
  };
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/**
 * Splits new telemetry into pushes that each fit under the NOTIFY limit. Each push's version is
 * the newest row id it carries, so a client can tell a repeat from news.
 */
export function telemetryPushes(
  events: MonitoringEvent[],
  metrics: PerformanceMetric[],
): MonitoringPush[] {
  const budget = OPS_PAYLOAD_LIMIT - ENVELOPE_BYTES;
  const pushes: MonitoringPush[] = [];
  let current: MonitoringPush = { events: [], metrics: [], version: 0 };
  let size = bytes(current);
  const flush = () => {
    if (current.events.length + current.metrics.length > 0) pushes.push(current);
    current = { events: [], metrics: [], version: 0 };
    size = bytes(current);
  };
  const add = (kind: 'events' | 'metrics', item: MonitoringEvent | PerformanceMetric) => {
    const itemBytes = bytes(item) + 1;
    if (size + itemBytes > budget) flush();
    if (kind === 'events') current.events.push(item as MonitoringEvent);
    else current.metrics.push(item as PerformanceMetric);
    current.version = Math.max(current.version, Number(item.id));
    size += itemBytes + 8;
  };
  for (const event of events) add('events', compactEvent(event));
  for (const metric of metrics) add('metrics', metric);
  flush();
  return pushes;
}

/** Tells every operator about new telemetry; a lost push is repaired by their next load. */
export async function publishTelemetry(
  db: Db,
  events: MonitoringEvent[],
  metrics: PerformanceMetric[],
): Promise<void> {
  for (const push of telemetryPushes(events, metrics)) {
    await publishOps(db, OPS_EVENTS.monitoring, push);
  }
}
