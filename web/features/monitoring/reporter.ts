import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import {
  INGEST_BATCH_MAX,
  type MetricInput,
  type MonitoringEventInput,
} from '../../../shared/ops/monitoring';

/** The browser stays well under the server's per-session limits; extras are dropped. */
const CLIENT_LIMIT_PER_MINUTE = { events: 30, metrics: 60 } as const;
const FLUSH_MS = 5000;

type Kind = 'events' | 'metrics';
const queues: { events: MonitoringEventInput[]; metrics: MetricInput[] } = {
  events: [],
  metrics: [],
};
const budget = { start: 0, events: 0, metrics: 0 };
let timer: ReturnType<typeof setTimeout> | null = null;
let started = false;
/** The ingestion API takes reports from signed-in members only; a visitor's would be refused. */
let enabled = false;

/** Turns reporting on while a member is signed in; what was queued for a visitor is dropped. */
export function setMonitoringEnabled(signedIn: boolean): void {
  enabled = signedIn;
  if (!signedIn) {
    queues.events.length = 0;
    queues.metrics.length = 0;
  }
}

function withinBudget(kind: Kind): boolean {
  const now = Date.now();
  if (now - budget.start >= 60_000) Object.assign(budget, { start: now, events: 0, metrics: 0 });
  if (budget[kind] >= CLIENT_LIMIT_PER_MINUTE[kind]) return false;
  budget[kind] += 1;
  return true;
}

function schedule(): void {
  if (timer) return;
  timer = setTimeout(() => void flushMonitoring(), FLUSH_MS);
}

async function send(kind: Kind, batch: unknown[], keepalive: boolean): Promise<void> {
  try {
    await fetch(`/api/monitoring/${kind}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ [kind]: batch }),
      // Lets the last batch outlive the page; browsers cap such bodies at 64 KB, so only then.
      keepalive,
    });
  } catch {
    // Reporting must never raise errors of its own (they would be reported in turn).
  }
}

/** Sends everything queued now, in batches the server accepts. */
export async function flushMonitoring(leavingPage = false): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const sends: Promise<void>[] = [];
  for (const kind of ['events', 'metrics'] as const) {
    const queue = queues[kind];
    while (queue.length > 0) sends.push(send(kind, queue.splice(0, INGEST_BATCH_MAX), leavingPage));
  }
  await Promise.all(sends);
}

export function reportEvent(event: Omit<MonitoringEventInput, 'timestamp'>): void {
  if (!enabled || !withinBudget('events')) return;
  queues.events.push({
    ...event,
    message: event.message.slice(0, 2000) || 'Unknown error',
    stackTrace: event.stackTrace?.slice(0, 10_000),
    context: { url: window.location.pathname, ...event.context },
    timestamp: new Date().toISOString(),
  });
  if (queues.events.length >= INGEST_BATCH_MAX) void flushMonitoring();
  else schedule();
}

export function reportMetric(metric: Omit<MetricInput, 'timestamp'>): void {
  if (!enabled || !withinBudget('metrics')) return;
  queues.metrics.push({ ...metric, timestamp: new Date().toISOString() });
  if (queues.metrics.length >= INGEST_BATCH_MAX) void flushMonitoring();
  else schedule();
}

export function captureError(error: unknown, component: string): void {
  const asError = error instanceof Error ? error : null;
  reportEvent({
    type: 'error',
    severity: 'high',
    message: asError?.message || String(error),
    stackTrace: asError?.stack,
    metadata: { component },
  });
}

export function captureWarning(message: string, component: string): void {
  reportEvent({ type: 'warning', severity: 'medium', message, metadata: { component } });
}

export function trackUserAction(action: string, component: string): void {
  reportEvent({ type: 'user_action', severity: 'info', message: action, metadata: { component } });
}

function reportVital(metric: Metric): void {
  reportMetric({
    name: `web_vitals.${metric.name}`,
    value: metric.value,
    // CLS is a unitless score; the other vitals are durations.
    unit: metric.name === 'CLS' ? 'count' : 'ms',
    tags: { rating: metric.rating, page: window.location.pathname.slice(0, 200) },
  });
}

/** Listens for uncaught errors and rejections and reports web vitals; runs once per page load. */
export function startMonitoringCapture(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('error', (event) => {
    captureError(event.error ?? event.message, 'window');
  });
  window.addEventListener('unhandledrejection', (event) => {
    captureError(event.reason, 'unhandledrejection');
  });
  window.addEventListener('pagehide', () => void flushMonitoring(true));
  onCLS(reportVital);
  onFCP(reportVital);
  onINP(reportVital);
  onLCP(reportVital);
  onTTFB(reportVital);
}
