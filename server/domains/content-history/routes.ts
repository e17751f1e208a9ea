import { randomUUID } from 'node:crypto';
import {
  analyticsQuerySchema,
  analyticsSchema,
  backupsListSchema,
  backupSummarySchema,
  cleanupResultSchema,
  cleanupSchema,
  historyMessages,
  metricAcceptedSchema,
  recordMetricSchema,
  restoreBackupSchema,
  restoreResultSchema,
  restoreVersionSchema,
  versionsPageSchema,
  versionsQuerySchema,
} from '../../../shared/content/history';
import { contentRecordSchema } from '../../../shared/content';
import { postsMessages } from '../../../shared/posts';
import type { ModuleDeps } from '../../core/module';
import { createRateLimit } from '../../core/rate-limits';
import { defineRoute, type AnyRouteSpec } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { commandRoute, found, idParams, readRoute } from '../posts/route-builders';
import { idOrNone } from '../posts/streams';
import { readViewedPost } from '../posts/views';
import { readHistoryAccess } from './access';
import { contentMetrics } from './analytics';
import { backupContent, restoreBackup } from './backup-commands';
import { cleanupTrash, retentionCutoff } from './cleanup';
import { readAnalytics, readBackups, readVersions } from './history-read';
import { restoreVersion } from './version-commands';

/** A read back that found nothing (the post went meanwhile) is a 404, as the access check's. */
const notFound = postsMessages.postNotFound;

/**
 * The content API's history routes: versions, backups, the trash cleanup and analytics. The
 * author and owners read and restore a record's history; any member who may see a post adds to
 * its analytics.
 */
export function contentHistoryRoutes(deps: ModuleDeps): AnyRouteSpec[] {
  const { db, commands, config } = deps;
  const metricsLimit = createRateLimit(db, {
    name: 'content-metrics-per-member-post',
    points: config.CONTENT_METRICS_PER_HOUR,
    windowSeconds: 60 * 60,
    code: 'rate-limited',
    message: historyMessages.metricsLimited,
  });
  return [
    readRoute({
      path: '/content/:id/versions',
      summary: "A record's versions, newest first: its draft, then every edit",
      tag: 'content',
      params: idParams,
      query: versionsQuerySchema,
      errors: [403, 404],
      answer: { schema: versionsPageSchema },
      read: async ({ memberId, params, query }) =>
        readVersions(db, await readHistoryAccess(db, params.id, memberId), query),
    }),
    commandRoute(commands, {
      method: 'post',
      path: '/content/:id/versions',
      summary: "Restores one of a record's versions, which becomes its newest",
      description:
        'Puts the content fields back exactly as the version kept them; the status stays, and ' +
        'the publishing rules of posts apply (a published post needs a title and content). ' +
        'Answers the record as restored.',
      tag: 'content',
      params: idParams,
      body: restoreVersionSchema,
      errors: [403, 404],
      answer: { status: 200, schema: contentRecordSchema, notFound },
      command: restoreVersion,
      input: ({ memberId, params, body }) => ({
        actorId: memberId,
        postId: params.id,
        version: body.version,
        publicUrl: config.publicUrl,
      }),
    }),
    commandRoute(commands, {
      method: 'post',
      path: '/content/:id/backup',
      summary: 'Takes a snapshot of a record and its comments',
      tag: 'content',
      params: idParams,
      errors: [403, 404],
      answer: { status: 201, schema: backupSummarySchema, notFound },
      command: backupContent,
      input: ({ memberId, params }) => ({
        actorId: memberId,
        postId: params.id,
        backupId: randomUUID(),
      }),
    }),
    readRoute({
      path: '/content/:id/backups',
      summary: "A record's backups, newest first",
      tag: 'content',
      params: idParams,
      errors: [403, 404],
      answer: { schema: backupsListSchema },
      read: async ({ memberId, params }) =>
        readBackups(db, await readHistoryAccess(db, params.id, memberId)),
    }),
    commandRoute(commands, {
      method: 'post',
      path: '/content/:id/restore',
      summary: 'Puts a record and its comments back as a backup took them (the latest by default)',
      description:
        'One transaction: the fields and status, out of the trash, comments deleted since added ' +
        'again with their ids, edited ones reverted, later ones deleted. Likes and the original ' +
        'times of re-added comments are not restored. A purged record cannot be restored (404). ' +
        'Answers the record as restored.',
      tag: 'content',
      params: idParams,
      body: restoreBackupSchema,
      errors: [403, 404],
      answer: { status: 200, schema: restoreResultSchema, notFound },
      command: restoreBackup,
      input: ({ memberId, params, body }) => ({
        actorId: memberId,
        postId: params.id,
        backupId: body?.backupId ?? null,
        publicUrl: config.publicUrl,
      }),
    }),
    commandRoute(commands, {
      method: 'post',
      path: '/content/cleanup',
      summary: 'Purges trashed records past retention',
      description:
        `A member purges their own trash, an owner everyone's or one member's (\`userId\`); ` +
        'records trashed at least `CONTENT_TRASH_RETENTION_DAYS` ago go for good, at most 500 ' +
        'per call (`hasMore`).',
      tag: 'content',
      body: cleanupSchema,
      answer: { status: 200, schema: cleanupResultSchema },
      command: cleanupTrash,
      input: ({ memberId, body }) => ({
        actorId: memberId,
        userId: body?.userId ?? null,
        cutoff: retentionCutoff(new Date(), config.CONTENT_TRASH_RETENTION_DAYS),
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/content/:id/analytics',
      summary: 'Counts an analytics hit of a record the member may see',
      description:
        'Counted in memory and written in batches, per day (UTC) and metric; one member adds at ' +
        'most `CONTENT_METRICS_PER_HOUR` units to one record an hour.',
      tag: 'content',
      auth: 'member',
      params: idParams,
      body: recordMetricSchema,
      responses: { 202: metricAcceptedSchema },
      errors: [404, 429],
      async handler({ params, body }, req, res) {
        const memberId = memberIdOf(req);
        const postId = idOrNone(params.id);
        found(await readViewedPost(db, postId, memberId), notFound);
        await metricsLimit.take(`${memberId}:${postId}`, body.value);
        contentMetrics(deps).record(postId, body.metric, body.value);
        res.status(202).json({ accepted: true });
      },
    }),
    readRoute({
      path: '/content/:id/analytics',
      summary: "A record's analytics: totals and per day, over the last `days` days",
      tag: 'content',
      params: idParams,
      query: analyticsQuerySchema,
      errors: [403, 404],
      answer: { schema: analyticsSchema },
      read: async ({ memberId, params, query }) =>
        readAnalytics(db, await readHistoryAccess(db, params.id, memberId), query.days),
    }),
  ];
}
