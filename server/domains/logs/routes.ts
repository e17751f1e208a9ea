import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import {
  clientLogBatchSchema,
  logExportFileName,
  logExportQuerySchema,
  logsQuerySchema,
  type ClientLogEntry,
} from '../../../shared/ops/logs';
import { HttpError } from '../../http/errors';
import { route } from '../../http/route';
import { requireAuth, requireRole, sessionOf } from '../auth/session-middleware';
import type { RouteDeps } from '../routes';
import { boundedData } from './log-capture';
import { formatLogExport, LOG_EXPORT_CONTENT_TYPES } from './log-format';
import { exportLogEntries, insertLogEntries, readLogsPage, type NewLogEntry } from './log-store';
import { SessionRateLimit } from './session-rate-limit';

/** A client's clock is kept when it is within a day behind or five minutes ahead of ours. */
const CLOCK_PAST_MS = 24 * 60 * 60 * 1000;
const CLOCK_AHEAD_MS = 5 * 60 * 1000;

/** Per session: a burst of 200 entries, then 2 a second (120 a minute). */
export const CLIENT_LOG_RATE = { burst: 200, perSecond: 2 } as const;

function clientTimestamp(given: string | undefined, now: number): Date {
  const at = given ? Date.parse(given) : NaN;
  return at >= now - CLOCK_PAST_MS && at <= now + CLOCK_AHEAD_MS ? new Date(at) : new Date(now);
}

function clientRow(
  entry: ClientLogEntry,
  session: { id: string; userId: string },
  now: number,
): NewLogEntry {
  return {
    level: entry.level,
    message: entry.message,
    data: boundedData(entry.data),
    timestamp: clientTimestamp(entry.timestamp, now),
    source: 'client',
    user_id: session.userId,
    session_id: session.id,
    request_id: null,
  };
}

export function logsRoutes(deps: RouteDeps): Router {
  const router = Router();
  const rateLimit = new SessionRateLimit(CLIENT_LOG_RATE);

  router.get(
    '/logs',
    requireRole('owner'),
    route({ query: logsQuerySchema }, async ({ query }, _req, res) => {
      const { limit, before, ...filter } = query;
      res.json(await readLogsPage(deps.db, filter, limit, before));
    }),
  );

  router.get(
    '/logs/export',
    requireRole('owner'),
    route({ query: logExportQuerySchema }, async ({ query }, _req, res) => {
      const { format, ...filter } = query;
      res.setHeader('content-type', LOG_EXPORT_CONTENT_TYPES[format]);
      res.setHeader(
        'content-disposition',
        `attachment; filename="${logExportFileName(format, new Date())}"`,
      );
      res.setHeader('cache-control', 'no-store');
      // Read and written a page at a time, at the pace the client downloads.
      await pipeline(
        Readable.from(formatLogExport(format, exportLogEntries(deps.db, filter))),
        res,
      );
    }),
  );

  router.post(
    '/logs',
    requireAuth,
    route({ body: clientLogBatchSchema }, async ({ body }, req, res) => {
      const session = sessionOf(req);
      const cost = body.entries.length;
      if (!rateLimit.take(session.id, cost)) {
        res.setHeader('retry-after', String(rateLimit.retryAfterSeconds(session.id, cost)));
        throw new HttpError(429, 'rate-limited', 'Too many log entries. Please slow down.');
      }
      const now = Date.now();
      const stored = await insertLogEntries(
        deps.db,
        body.entries.map((entry) => clientRow(entry, session, now)),
      );
      res.status(201).json({ accepted: stored.length });
    }),
  );

  return router;
}
