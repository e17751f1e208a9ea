import type { MetricInput, MonitoringEventInput } from '../../../shared/ops/monitoring';

export interface BufferedEvent extends MonitoringEventInput {
  userId: string | null;
  at: Date;
}

export interface BufferedMetric extends MetricInput {
  at: Date;
}

/** Beyond this many rows waiting (e.g. while the database is down) the oldest are dropped. */
const BUFFER_MAX = 2000;

/**
 * What server code records about itself waits here until the monitoring worker writes it in one
 * insert. One buffer per process, because the error handler and `unhandledRejection` have no
 * database at hand, and an insert per request would slow every request down.
 */
const events: BufferedEvent[] = [];
const metrics: BufferedMetric[] = [];

function keepBounded<T>(list: T[]): void {
  if (list.length > BUFFER_MAX) list.splice(0, list.length - BUFFER_MAX);
}

export function recordServerEvent(
  event: MonitoringEventInput & { userId?: string | null; at?: Date },
): void {
  events.push({ ...event, userId: event.userId ?? null, at: event.at ?? new Date() });
  keepBounded(events);
}

export function recordServerWarning(message: string, component?: string): void {
  recordServerEvent({ type: 'warning', severity: 'medium', message, metadata: { component } });
}

export function recordServerInfo(message: string, component?: string): void {
  recordServerEvent({ type: 'info', severity: 'info', message, metadata: { component } });
}

/** An error no caller handled: a failed request or an unhandled rejection. */
export function captureServerError(
  error: unknown,
  where: { url?: string; component: string; userId?: string | null },
): void {
  const asError = error instanceof Error ? error : null;
  const message = (asError?.message || String(error) || 'Unknown error').slice(0, 2000);
  recordServerEvent({
    type: 'error',
    severity: 'high',
    message,
    context: { url: where.url?.slice(0, 2000) },
    metadata: { component: where.component },
    stackTrace: asError?.stack?.slice(0, 10_000),
    userId: where.userId ?? null,
  });
}

export function recordServerMetric(metric: MetricInput, at = new Date()): void {
  metrics.push({ ...metric, at });
  keepBounded(metrics);
}

/** Hands over everything buffered; a failed write puts it back with `restoreBuffered`. */
export function takeBuffered(): { events: BufferedEvent[]; metrics: BufferedMetric[] } {
  return { events: events.splice(0), metrics: metrics.splice(0) };
}

export function restoreBuffered(taken: { events: BufferedEvent[]; metrics: BufferedMetric[] }) {
  events.unshift(...taken.events);
  metrics.unshift(...taken.metrics);
  keepBounded(events);
  keepBounded(metrics);
}
