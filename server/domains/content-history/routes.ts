import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { text } from '../../../shared/api/text';
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
import { postSchema, postsMessages } from '../../../shared/posts';
import { contextOf } from '../../core/context';
import { notFound } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { createRateLimit } from '../../core/rate-limits';
import { defineRoute, type AnyRouteSpec } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { idOrNone } from '../posts/streams';
import { readViewedPost } from '../posts/views';
import { readHistoryAccess } from './access';
import { contentMetrics } from './analytics';
import { backupContent, restoreBackup } from './backup-commands';
import { cleanupTrash, retentionCutoff } from './cleanup';
import { readAnalytics, readBackups, readVersions } from './history-read';
import { restoreVersion } from './version-commands';

/** Any id is accepted: one that is not a UUID names nothing and answers 404. */
const idParams = z.object({ id: text({ max: 100 }) });

/** A read back that found nothing (the post went meanwhile) is a 404. */
function found<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw notFound(postsMessages.postNotFound);
  return value;
}

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
    defineRoute({
      method: 'get',
      path: '/content/:id/versions',
      summary: "A record's versions, newest first: its draft, then every edit",
      tag: 'content',
      auth: 'member',
      params: idParams,
      query: versionsQuerySchema,
      responses: { 200: versionsPageSchema },
      errors: [403, 404],
      async handler({ params, query }, req, res) {
        const postId = await readHistoryAccess(db, params.id, memberIdOf(req));
        res.json(await readVersions(db, postId, query));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/content/:id/versions',
      summary: "Restores one of a record's versions, which becomes its newest",
      description:
        'Puts the content fields back exactly as the version kept them; the status stays, and ' +
        'the publishing rules of posts apply (a published post needs a title and content).',
      tag: 'content',
      auth: 'member',
      params: idParams,
      body: restoreVersionSchema,
      responses: { 200: postSchema },
      errors: [403, 404],
      async handler({ params, body }, req, res) {
        const post = await commands.run(
          restoreVersion,
          {
            actorId: memberIdOf(req),
            postId: params.id,
            version: body.version,
            publicUrl: config.publicUrl,
          },
          contextOf(req),
        );
        res.json(found(post));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/content/:id/backup',
      summary: 'Takes a snapshot of a record and its comments',
      tag: 'content',
      auth: 'member',
      params: idParams,
      responses: { 201: backupSummarySchema },
      errors: [403, 404],
      async handler({ params }, req, res) {
        const backup = await commands.run(
          backupContent,
          { actorId: memberIdOf(req), postId: params.id, backupId: randomUUID() },
          contextOf(req),
        );
        res.status(201).json(found(backup));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/content/:id/backups',
      summary: "A record's backups, newest first",
      tag: 'content',
      auth: 'member',
      params: idParams,
      responses: { 200: backupsListSchema },
      errors: [403, 404],
      async handler({ params }, req, res) {
        const postId = await readHistoryAccess(db, params.id, memberIdOf(req));
        res.json(await readBackups(db, postId));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/content/:id/restore',
      summary: 'Puts a record and its comments back as a backup took them (the latest by default)',
      description:
        'One transaction: the fields and status, out of the trash, comments deleted since added ' +
        'again with their ids, edited ones reverted, later ones deleted. Likes and the original ' +
        'times of re-added comments are not restored. A purged record cannot be restored (404).',
      tag: 'content',
      auth: 'member',
      params: idParams,
      body: restoreBackupSchema,
      responses: { 200: restoreResultSchema },
      errors: [403, 404],
      async handler({ params, body }, req, res) {
        const result = await commands.run(
          restoreBackup,
          {
            actorId: memberIdOf(req),
            postId: params.id,
            backupId: body?.backupId ?? null,
            publicUrl: config.publicUrl,
          },
          contextOf(req),
        );
        res.json(found(result));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/content/cleanup',
      summary: 'Purges trashed records past retention',
      description:
        `A member purges their own trash, an owner everyone's or one member's (\`userId\`); ` +
        'records trashed at least `CONTENT_TRASH_RETENTION_DAYS` ago go for good, at most 500 ' +
        'per call (`hasMore`).',
      tag: 'content',
      auth: 'member',
      body: cleanupSchema,
      responses: { 200: cleanupResultSchema },
      async handler({ body }, req, res) {
        res.json(
          await commands.run(
            cleanupTrash,
            {
              actorId: memberIdOf(req),
              userId: body?.userId ?? null,
              cutoff: retentionCutoff(new Date(), config.CONTENT_TRASH_RETENTION_DAYS),
            },
            contextOf(req),
          ),
        );
      },
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
        found(await readViewedPost(db, postId, memberId));
        await metricsLimit.take(`${memberId}:${postId}`, body.value);
        contentMetrics(deps).record(postId, body.metric, body.value);
        res.status(202).json({ accepted: true });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/content/:id/analytics',
      summary: "A record's analytics: totals and per day, over the last `days` days",
      tag: 'content',
      auth: 'member',
      params: idParams,
      query: analyticsQuerySchema,
      responses: { 200: analyticsSchema },
      errors: [403, 404],
      async handler({ params, query }, req, res) {
        const postId = await readHistoryAccess(db, params.id, memberIdOf(req));
        res.json(await readAnalytics(db, postId, query.days));
      },
    }),
  ];
}
