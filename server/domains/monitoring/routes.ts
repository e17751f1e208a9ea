import { z } from 'zod';
import { idField } from '../../../shared/api/ids';
import { databaseStatusSchema } from '../../../shared/ops/database';
import {
  alertSchema,
  alertsResponseSchema,
  createAlertSchema,
  eventsQuerySchema,
  eventsResponseSchema,
  INGEST_RATE_PER_MINUTE,
  metricBatchSchema,
  metricsQuerySchema,
  metricsResponseSchema,
  MONITORING_MESSAGES,
  monitoringEventBatchSchema,
  monitoringSummarySchema,
  summaryQuerySchema,
} from '../../../shared/ops/monitoring';
import { contextOf } from '../../core/context';
import type { ModuleDeps } from '../../core/module';
import { createRateLimit } from '../../core/rate-limits';
import { defineRoute } from '../../http/route-spec';
import { sessionOf } from '../../http/signed-in';
import { acknowledgeAlert, createAlert } from './alert-commands';
import { presentAlert } from './presenters';
import { listEvents, listMetrics, readSummary } from './telemetry-read';
import { insertEvents, insertMetrics, publishTelemetry } from './telemetry-store';

/** A browser's clock may be off or its batch late: its times are kept within the last hour. */
const CLIENT_CLOCK_WINDOW_MS = 60 * 60_000;
const ALERTS_LISTED = 100;

function clientTime(given: string | undefined, now: Date): Date {
  const time = given ? Date.parse(given) : NaN;
  if (Number.isNaN(time)) return now;
  return new Date(Math.min(now.getTime(), Math.max(now.getTime() - CLIENT_CLOCK_WINDOW_MS, time)));
}

const accepted = z.object({ accepted: z.number().int() });

export function monitoringRoutes({ db, readDb, commands, databaseStatus }: ModuleDeps) {
  // Per member, across their sessions and every process, counted in Postgres.
  const perMinute = (kind: keyof typeof INGEST_RATE_PER_MINUTE) =>
    createRateLimit(db, {
      name: `monitoring-${kind}`,
      points: INGEST_RATE_PER_MINUTE[kind],
      windowSeconds: 60,
      code: 'rate-limited',
      message: MONITORING_MESSAGES.rateLimited,
    });
  const eventLimit = perMinute('events');
  const metricLimit = perMinute('metrics');
  return [
    // Every member's browser reports its own errors and timings; the session names the user.
    defineRoute({
      method: 'post',
      path: '/monitoring/events',
      summary: "Errors and events reported by the member's browser, in batches",
      auth: 'member',
      body: monitoringEventBatchSchema,
      responses: { 202: accepted },
      errors: [429],
      async handler({ body }, req, res) {
        const session = sessionOf(req);
        await eventLimit.take(session.userId, body.events.length);
        const now = new Date();
        const events = await insertEvents(
          db,
          body.events.map((e) => ({
            type: e.type,
            severity: e.severity,
            message: e.message,
            url: e.context?.url ?? null,
            component: e.metadata?.component ?? null,
            user_id: session.userId,
            occurred_at: clientTime(e.timestamp, now),
            stack_trace: e.stackTrace ?? null,
            source: 'client' as const,
          })),
        );
        await publishTelemetry(db, events, []);
        res.status(202).json({ accepted: events.length });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/monitoring/metrics',
      summary: "Timings and web vitals reported by the member's browser, in batches",
      auth: 'member',
      body: metricBatchSchema,
      responses: { 202: accepted },
      errors: [429],
      async handler({ body }, req, res) {
        const session = sessionOf(req);
        await metricLimit.take(session.userId, body.metrics.length);
        const now = new Date();
        const metrics = await insertMetrics(
          db,
          body.metrics.map((m) => ({
            name: m.name,
            value: m.value,
            unit: m.unit,
            tags: JSON.stringify({ ...m.tags, source: 'client' }),
            recorded_at: clientTime(m.timestamp, now),
          })),
        );
        await publishTelemetry(db, [], metrics);
        res.status(202).json({ accepted: metrics.length });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/monitoring/events',
      summary: 'Captured events, filtered by type, severity and time',
      auth: 'owner',
      query: eventsQuerySchema,
      responses: { 200: eventsResponseSchema },
      async handler({ query }, _req, res) {
        res.json({ events: await listEvents(readDb, query) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/monitoring/metrics',
      summary: 'Metric series over a time range',
      auth: 'owner',
      query: metricsQuerySchema,
      responses: { 200: metricsResponseSchema },
      async handler({ query }, _req, res) {
        res.json(await listMetrics(readDb, query));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/monitoring/summary',
      summary: "The monitoring dashboard's cards and charts for a range",
      auth: 'owner',
      query: summaryQuerySchema,
      responses: { 200: monitoringSummarySchema },
      async handler({ query }, _req, res) {
        res.json(await readSummary(readDb, query.range));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/monitoring/database',
      summary: "Where this process's reads go: the primary and each read replica",
      description:
        'Per replica: in rotation or not and why, lag in WAL bytes and seconds; per target, the ' +
        'reads this process sent it. No targets when DATABASE_REPLICA_URLS is unset.',
      auth: 'owner',
      responses: { 200: databaseStatusSchema },
      async handler(_input, _req, res) {
        res.json(databaseStatus());
      },
    }),
    defineRoute({
      method: 'get',
      path: '/monitoring/alerts',
      summary: 'The latest alerts, newest first',
      auth: 'owner',
      responses: { 200: alertsResponseSchema },
      async handler(_input, _req, res) {
        const rows = await db
          .selectFrom('alerts')
          .selectAll()
          .orderBy('raised_at', 'desc')
          .orderBy('id')
          .limit(ALERTS_LISTED)
          .execute();
        res.json({ alerts: rows.map(presentAlert) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/monitoring/alerts',
      summary: 'Raises an alert by hand',
      auth: 'owner',
      body: createAlertSchema,
      responses: { 201: alertSchema },
      async handler({ body }, req, res) {
        const { user } = sessionOf(req);
        const operator = { id: user.id, name: user.display_name };
        res
          .status(201)
          .json(await commands.run(createAlert, { input: body, operator }, contextOf(req)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/monitoring/alerts/:id/acknowledge',
      summary: "Acknowledges an alert in the operator's name",
      auth: 'owner',
      params: z.object({ id: idField() }),
      responses: { 200: alertSchema },
      errors: [404],
      async handler({ params }, req, res) {
        const { user } = sessionOf(req);
        const operator = { id: user.id, name: user.display_name || user.username };
        res.json(
          await commands.run(acknowledgeAlert, { alertId: params.id, operator }, contextOf(req)),
        );
      },
    }),
  ];
}
