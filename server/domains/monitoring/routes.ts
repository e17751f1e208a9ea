import { Router } from 'express';
import { z } from 'zod';
import {
  createAlertSchema,
  eventsQuerySchema,
  INGEST_RATE_PER_MINUTE,
  metricBatchSchema,
  metricsQuerySchema,
  MONITORING_MESSAGES,
  monitoringEventBatchSchema,
  summaryQuerySchema,
} from '../../../shared/ops/monitoring';
import { HttpError } from '../../http/errors';
import { route } from '../../http/route';
import { requireAuth, requireRole, sessionOf } from '../auth/session-middleware';
import type { RouteDeps } from '../routes';
import { acknowledgeAlert, createAlert } from './alert-commands';
import { SessionRateLimiter } from './ingest-limit';
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

const rateLimited = () => new HttpError(429, 'rate-limited', MONITORING_MESSAGES.rateLimited);

export function monitoringRoutes(deps: RouteDeps): Router {
  const { db } = deps;
  const router = Router();
  const eventLimit = new SessionRateLimiter(INGEST_RATE_PER_MINUTE.events);
  const metricLimit = new SessionRateLimiter(INGEST_RATE_PER_MINUTE.metrics);
  const owner = requireRole('owner');

  // Every member's browser reports its own errors and timings; the session names the user.
  router.post(
    '/monitoring/events',
    requireAuth,
    route({ body: monitoringEventBatchSchema }, async ({ body }, req, res) => {
      const session = sessionOf(req);
      if (!eventLimit.take(session.id, body.events.length)) throw rateLimited();
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
    }),
  );

  router.post(
    '/monitoring/metrics',
    requireAuth,
    route({ body: metricBatchSchema }, async ({ body }, req, res) => {
      const session = sessionOf(req);
      if (!metricLimit.take(session.id, body.metrics.length)) throw rateLimited();
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
    }),
  );

  router.get(
    '/monitoring/events',
    owner,
    route({ query: eventsQuerySchema }, async ({ query }, _req, res) => {
      res.json({ events: await listEvents(db, query) });
    }),
  );

  router.get(
    '/monitoring/metrics',
    owner,
    route({ query: metricsQuerySchema }, async ({ query }, _req, res) => {
      res.json(await listMetrics(db, query));
    }),
  );

  router.get(
    '/monitoring/summary',
    owner,
    route({ query: summaryQuerySchema }, async ({ query }, _req, res) => {
      res.json(await readSummary(db, query.range));
    }),
  );

  router.get(
    '/monitoring/alerts',
    owner,
    route({}, async (_input, _req, res) => {
      const rows = await db
        .selectFrom('alerts')
        .selectAll()
        .orderBy('raised_at', 'desc')
        .orderBy('id')
        .limit(ALERTS_LISTED)
        .execute();
      res.json({ alerts: rows.map(presentAlert) });
    }),
  );

  router.post(
    '/monitoring/alerts',
    owner,
    route({ body: createAlertSchema }, async ({ body }, req, res) => {
      const { user } = sessionOf(req);
      res.status(201).json(await createAlert(db, body, { id: user.id, name: user.display_name }));
    }),
  );

  router.post(
    '/monitoring/alerts/:id/acknowledge',
    owner,
    route({ params: z.object({ id: z.uuid() }) }, async ({ params }, req, res) => {
      const { user } = sessionOf(req);
      const operator = { id: user.id, name: user.display_name || user.username };
      res.json(await acknowledgeAlert(db, params.id, operator));
    }),
  );

  return router;
}
