import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import {
  clientLogBatchSchema,
  logExportFileName,
  logExportQuerySchema,
  logsPageSchema,
  logsQuerySchema,
  type ClientLogEntry,
} from '../../../shared/ops/logs';
import type { ModuleDeps } from '../../core/module';
import { createRateLimit } from '../../core/rate-limits';
import { defineRoute } from '../../http/route-spec';
import { sessionOf } from '../../http/signed-in';
import { boundedData } from './log-capture';
import { formatLogExport, LOG_EXPORT_CONTENT_TYPES } from './log-format';
import { exportLogEntries, insertLogEntries, readLogsPage, type NewLogEntry } from './log-store';

/** A client's clock is kept when it is within a day behind or five minutes ahead of ours. */
const CLOCK_PAST_MS = 24 * 60 * 60 * 1000;
const CLOCK_AHEAD_MS = 5 * 60 * 1000;

/**
 * Per member, across their sessions and every process: what a runaway client loop may store in a
 * minute. Counted in Postgres, one round trip per batch (a batch carries up to 50 entries).
 */
export const CLIENT_LOG_ENTRIES_PER_MINUTE = 200;

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

export function logsRoutes({ db }: ModuleDeps) {
  const clientLogLimit = createRateLimit(db, {
    name: 'client-log-entries',
    points: CLIENT_LOG_ENTRIES_PER_MINUTE,
    windowSeconds: 60,
    code: 'rate-limited',
    message: 'Too many log entries. Please slow down.',
  });
  return [
    defineRoute({
      method: 'get',
      path: '/logs',
      summary: 'Stored log lines, newest first, filtered by level, source and text',
      auth: 'owner',
      query: logsQuerySchema,
      responses: { 200: logsPageSchema },
      async handler({ query }, _req, res) {
        const { limit, before, ...filter } = query;
        res.json(await readLogsPage(db, filter, limit, before));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/logs/export',
      summary: 'The filtered log lines as a JSON, CSV or TXT download',
      auth: 'owner',
      query: logExportQuerySchema,
      responses: {
        200: {
          description: 'The log lines in the chosen format',
          contentType: ['application/json', 'text/csv', 'text/plain'],
        },
      },
      async handler({ query }, _req, res) {
        const { format, ...filter } = query;
        res.setHeader('content-type', LOG_EXPORT_CONTENT_TYPES[format]);
        res.setHeader(
          'content-disposition',
          `attachment; filename="${logExportFileName(format, new Date())}"`,
        );
        res.setHeader('cache-control', 'no-store');
        // Read and written a page at a time, at the pace the client downloads.
        await pipeline(Readable.from(formatLogExport(format, exportLogEntries(db, filter))), res);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/logs',
      summary: "Log lines from the member's browser, in batches",
      auth: 'member',
      body: clientLogBatchSchema,
      responses: { 201: z.object({ accepted: z.number().int() }) },
      errors: [429],
      async handler({ body }, req, res) {
        const session = sessionOf(req);
        await clientLogLimit.take(session.userId, body.entries.length);
        const now = Date.now();
        const stored = await insertLogEntries(
          db,
          body.entries.map((entry) => clientRow(entry, session, now)),
        );
        res.status(201).json({ accepted: stored.length });
      },
    }),
  ];
}
