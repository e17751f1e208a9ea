import { z } from 'zod';
import { text, textMessages } from '../api/text';

/** Spec 002 §3 Monitoring: the kinds, severities and units telemetry may carry. */
export const MONITORING_EVENT_TYPES = [
  'error',
  'warning',
  'info',
  'performance',
  'user_action',
] as const;
export const MONITORING_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export const METRIC_UNITS = ['ms', 's', 'bytes', 'count', 'percentage'] as const;
export const EVENT_SOURCES = ['server', 'client'] as const;

export type MonitoringEventType = (typeof MONITORING_EVENT_TYPES)[number];
export type MonitoringSeverity = (typeof MONITORING_SEVERITIES)[number];
export type MetricUnit = (typeof METRIC_UNITS)[number];

/** Spec 002 §2 screen 3: the dashboard's time ranges and the width of a chart bucket in each. */
export const MONITORING_RANGES = {
  '1h': { durationMs: 60 * 60_000, bucketMs: 60_000 },
  '6h': { durationMs: 6 * 60 * 60_000, bucketMs: 5 * 60_000 },
  '24h': { durationMs: 24 * 60 * 60_000, bucketMs: 15 * 60_000 },
  '7d': { durationMs: 7 * 24 * 60 * 60_000, bucketMs: 2 * 60 * 60_000 },
  '30d': { durationMs: 30 * 24 * 60 * 60_000, bucketMs: 12 * 60 * 60_000 },
} as const;
export type MonitoringRange = keyof typeof MONITORING_RANGES;
export const MONITORING_RANGE_KEYS = Object.keys(MONITORING_RANGES) as [
  MonitoringRange,
  ...MonitoringRange[],
];

/** Spec 002 §7: events are listed 100 at a time, metrics 50. */
export const EVENTS_LIMIT = { default: 100, max: 500 } as const;
export const METRICS_LIMIT = 50;
/** What one browser may send in one batch; its reporter batches and caps below this. */
export const INGEST_BATCH_MAX = 20;
/** Per member and minute, across their sessions and the server's processes; the client stays below it. */
export const INGEST_RATE_PER_MINUTE = { events: 60, metrics: 120 } as const;

/** Names of the metrics the server records about itself. */
export const SERVER_METRICS = {
  requestDuration: 'http.request.duration',
  openSockets: 'sockets.open',
  eventLoopLag: 'event_loop.lag',
  relayLag: 'relay.lag',
} as const;

export const MONITORING_MESSAGES = {
  loadFailed: 'Failed to load monitoring data',
  invalidMetricValue: 'Please enter a valid number for performance value',
  rateLimited: 'Too many monitoring reports from this account. Please slow down.',
  alertNotFound: 'Alert not found',
} as const;

/** More tags than any reporter sends; each becomes a key of the stored metric. */
export const METRIC_TAGS_MAX = 20;

const required = (max: number) => text({ trim: true, required: textMessages.blank, max });

export const monitoringEventInputSchema = z.strictObject({
  type: z.enum(MONITORING_EVENT_TYPES),
  severity: z.enum(MONITORING_SEVERITIES),
  message: required(2000),
  context: z.strictObject({ url: text({ max: 2000 }).optional() }).optional(),
  metadata: z.strictObject({ component: text({ max: 200 }).optional() }).optional(),
  stackTrace: text({ max: 10_000 }).optional(),
  timestamp: z.iso.datetime().optional(),
});
export type MonitoringEventInput = z.infer<typeof monitoringEventInputSchema>;

export const monitoringEventBatchSchema = z.strictObject({
  events: z.array(monitoringEventInputSchema).min(1).max(INGEST_BATCH_MAX),
});

export const metricInputSchema = z.strictObject({
  name: required(100),
  value: z.number({ error: MONITORING_MESSAGES.invalidMetricValue }).finite(),
  unit: z.enum(METRIC_UNITS),
  tags: z
    .record(text({ max: 100 }), text({ max: 200 }))
    .refine((tags) => Object.keys(tags).length <= METRIC_TAGS_MAX, {
      message: `At most ${METRIC_TAGS_MAX} tags`,
    })
    .optional(),
  timestamp: z.iso.datetime().optional(),
});
export type MetricInput = z.infer<typeof metricInputSchema>;

export const metricBatchSchema = z.strictObject({
  metrics: z.array(metricInputSchema).min(1).max(INGEST_BATCH_MAX),
});

const rangeQuery = z.enum(MONITORING_RANGE_KEYS).default('24h');

export const eventsQuerySchema = z.strictObject({
  type: z.enum(MONITORING_EVENT_TYPES).optional(),
  severity: z.enum(MONITORING_SEVERITIES).optional(),
  limit: z.coerce.number().int().min(1).max(EVENTS_LIMIT.max).default(EVENTS_LIMIT.default),
  range: rangeQuery,
});
export interface EventsQuery {
  type?: MonitoringEventType;
  severity?: MonitoringSeverity;
  limit?: number;
  range?: MonitoringRange;
}

export const metricsQuerySchema = z.strictObject({
  name: required(100).optional(),
  range: z.enum(MONITORING_RANGE_KEYS).default('1h'),
});
export interface MetricsQuery {
  name?: string;
  range?: MonitoringRange;
}

export const summaryQuerySchema = z.strictObject({ range: rangeQuery });

export const createAlertSchema = z.strictObject({
  title: required(200),
  message: required(2000),
  severity: z.enum(MONITORING_SEVERITIES),
});
export type CreateAlertInput = z.infer<typeof createAlertSchema>;

export const monitoringEventSchema = z.object({
  id: z.string(),
  type: z.enum(MONITORING_EVENT_TYPES),
  severity: z.enum(MONITORING_SEVERITIES),
  message: z.string(),
  context: z.object({ url: z.string().nullable() }),
  metadata: z.object({ component: z.string().nullable() }),
  userId: z.string().nullable(),
  timestamp: z.string(),
  stackTrace: z.string().nullable(),
  source: z.enum(EVENT_SOURCES),
});
export type MonitoringEvent = z.infer<typeof monitoringEventSchema>;

export const performanceMetricSchema = z.object({
  id: z.string(),
  name: z.string(),
  value: z.number(),
  unit: z.enum(METRIC_UNITS),
  timestamp: z.string(),
  tags: z.record(z.string(), z.string()),
});
export type PerformanceMetric = z.infer<typeof performanceMetricSchema>;

/** One chart bucket: the average, highest value and sample count of a metric from `start`. */
export const seriesPointSchema = z.object({
  start: z.string(),
  avg: z.number(),
  max: z.number(),
  count: z.number(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

export const metricSeriesSchema = z.object({
  name: z.string(),
  unit: z.enum(METRIC_UNITS),
  points: z.array(seriesPointSchema),
});
export type MetricSeries = z.infer<typeof metricSeriesSchema>;

export const metricsResponseSchema = z.object({
  range: z.enum(MONITORING_RANGE_KEYS),
  bucketMs: z.number(),
  metrics: z.array(performanceMetricSchema),
  series: z.array(metricSeriesSchema),
});
export type MetricsResponse = z.infer<typeof metricsResponseSchema>;

export const eventsResponseSchema = z.object({ events: z.array(monitoringEventSchema) });

export const eventCountPointSchema = z.object({
  start: z.string(),
  errors: z.number(),
  warnings: z.number(),
  other: z.number(),
});
export type EventCountPoint = z.infer<typeof eventCountPointSchema>;

export const monitoringSummarySchema = z.object({
  range: z.enum(MONITORING_RANGE_KEYS),
  bucketMs: z.number(),
  totalEvents: z.number(),
  errors: z.number(),
  warnings: z.number(),
  critical: z.number(),
  activeAlerts: z.number(),
  /** Average request duration over the range, weighted by requests; null without requests. */
  avgResponseTimeMs: z.number().nullable(),
  eventCounts: z.array(eventCountPointSchema),
});
export type MonitoringSummary = z.infer<typeof monitoringSummarySchema>;

export const alertSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  severity: z.enum(MONITORING_SEVERITIES),
  timestamp: z.string(),
  /** The rule that raised it; null when an operator created it. */
  rule: z.string().nullable(),
  acknowledged: z.boolean(),
  acknowledgedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  acknowledgedAt: z.string().nullable(),
  resolved: z.boolean(),
  resolvedAt: z.string().nullable(),
  /** The alert stream's version: a client keeps the alert with the highest one. */
  version: z.number(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertsResponseSchema = z.object({ alerts: z.array(alertSchema) });

/** The `monitoring` push: telemetry new since the last push, newest row id as its version. */
export const monitoringPushSchema = z.object({
  events: z.array(monitoringEventSchema),
  metrics: z.array(performanceMetricSchema),
  version: z.number(),
});
export type MonitoringPush = z.infer<typeof monitoringPushSchema>;

export const alertPushSchema = z.object({ alert: alertSchema });

/** Spec 002 §2 screen 3: response time in ms under 1000, otherwise in seconds. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  if (Math.abs(ms) < 1000) return `${Math.round(ms)}ms`;
  return `${(ms / 1000).toFixed(2)}s`;
}

/** Start of the bucket of width `bucketMs` that holds `time` (aligned to the epoch). */
export function bucketStart(time: number, bucketMs: number): number {
  return Math.floor(time / bucketMs) * bucketMs;
}

/** Every bucket start of a range ending at `now`, oldest first. */
export function bucketStarts(now: number, range: MonitoringRange): number[] {
  const { durationMs, bucketMs } = MONITORING_RANGES[range];
  const last = bucketStart(now, bucketMs);
  const first = bucketStart(now - durationMs, bucketMs) + bucketMs;
  const starts: number[] = [];
  for (let start = first; start <= last; start += bucketMs) starts.push(start);
  return starts;
}

/** Adds one sample to a series, into its bucket, dropping buckets that left the range. */
export function mergeIntoSeries(
  points: SeriesPoint[],
  sample: { value: number; time: number },
  bucketMs: number,
  oldestStart: number,
): SeriesPoint[] {
  const start = bucketStart(sample.time, bucketMs);
  if (start < oldestStart) return points;
  const key = new Date(start).toISOString();
  const kept = points.filter((point) => Date.parse(point.start) >= oldestStart);
  const index = kept.findIndex((point) => point.start === key);
  if (index < 0) {
    const added = { start: key, avg: sample.value, max: sample.value, count: 1 };
    return [...kept, added].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  }
  const point = kept[index]!;
  const count = point.count + 1;
  const merged = {
    start: key,
    avg: (point.avg * point.count + sample.value) / count,
    max: Math.max(point.max, sample.value),
    count,
  };
  return kept.map((p, i) => (i === index ? merged : p));
}
