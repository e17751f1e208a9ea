import type { Metric } from 'web-vitals';
import type { MetricInput, MonitoringEventInput } from '../../../shared/ops/monitoring';

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

/** Writes a log line for the operators' log viewer. */
export type ProblemLog = (level: 'ERROR' | 'WARN', message: string, data: object) => void;
let problemLog: ProblemLog | null = null;

/**
 * Monitoring events and log lines are separate stores: an error reported only as an event shows
 * on the monitoring dashboard and never in the log viewer. The app's logger registers here so
 * that every error and warning reported is also a log line; `null` unregisters it.
 */
export function logReportedProblems(log: ProblemLog | null): void {
  problemLog = log;
}

const PROBLEM_LEVELS: Partial<Record<MonitoringEventInput['type'], 'ERROR' | 'WARN'>> = {
  error: 'ERROR',
  warning: 'WARN',
};

/**
 * The API's batch limit lives beside its schemas (and zod) in `shared/ops/monitoring`: read when
 * a batch first goes out, so that capturing costs the page nothing. Until then the timer sends.
 */
let batchMax: number | null = null;
const loadBatchMax = async (): Promise<number> =>
  (batchMax ??= (await import('../../../shared/ops/monitoring')).INGEST_BATCH_MAX);

/** Turns reporting on while a member is signed in; what was queued for a visitor is dropped. */
export function setMonitoringEnabled(signedIn: boolean): void {
  enabled = signedIn;
  // Known before the first batch, so a tab that closes can still send what it has.
  if (signedIn) void loadBatchMax().catch(() => undefined);
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
  if (queues.events.length === 0 && queues.metrics.length === 0) return;
  const size = await loadBatchMax();
  const sends: Promise<void>[] = [];
  for (const kind of ['events', 'metrics'] as const) {
    const queue = queues[kind];
    while (queue.length > 0) sends.push(send(kind, queue.splice(0, size), leavingPage));
  }
  await Promise.all(sends);
}

/** A full batch goes at once; anything less waits for the timer. */
function sendWhenFull(queue: unknown[]): void {
  if (batchMax !== null && queue.length >= batchMax) void flushMonitoring();
  else schedule();
}

export function reportEvent(event: Omit<MonitoringEventInput, 'timestamp'>): void {
  // The events' budget bounds the log lines too: an error loop floods neither store.
  if (!enabled || !withinBudget('events')) return;
  const queued: MonitoringEventInput = {
    ...event,
    message: event.message.slice(0, 2000) || 'Unknown error',
    stackTrace: event.stackTrace?.slice(0, 10_000),
    context: { url: window.location.pathname, ...event.context },
    timestamp: new Date().toISOString(),
  };
  queues.events.push(queued);
  const level = PROBLEM_LEVELS[queued.type];
  if (level && problemLog) {
    const { context, metadata, stackTrace } = queued;
    problemLog(level, queued.message, { ...context, ...metadata, stack: stackTrace });
  }
  sendWhenFull(queues.events);
}

export function reportMetric(metric: Omit<MetricInput, 'timestamp'>): void {
  if (!enabled || !withinBudget('metrics')) return;
  queues.metrics.push({ ...metric, timestamp: new Date().toISOString() });
  sendWhenFull(queues.metrics);
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
  // The vitals library observes from when it loads, with what the browser buffered before.
  void import('web-vitals').then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
    onCLS(reportVital);
    onFCP(reportVital);
    onINP(reportVital);
    onLCP(reportVital);
    onTTFB(reportVital);
  });
}
