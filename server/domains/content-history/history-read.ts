import { sql } from 'kysely';
import {
  BACKUPS_LIST_MAX,
  CONTENT_METRICS,
  type BackupsList,
  type ContentAnalytics,
  type ContentMetric,
  type VersionsPage,
  type VersionsQuery,
} from '../../../shared/content/history';
import type { Db } from '../../db/schema';
import { utcDay } from './analytics';
import { DAY_MS } from './cleanup';

/** A post's versions, newest first, a page at a time. */
export async function readVersions(
  db: Db,
  postId: string,
  { limit, before }: VersionsQuery,
): Promise<VersionsPage> {
  const found = await db
    .selectFrom('post_versions')
    .select(['version_no', 'created_at', 'actor_id', 'status', 'fields'])
    .where('post_id', '=', postId)
    .$if(before !== undefined, (q) => q.where('version_no', '<', before!))
    .orderBy('version_no', 'desc')
    .limit(limit + 1)
    .execute();
  return {
    versions: found.slice(0, limit).map((v) => ({
      version: v.version_no,
      createdAt: v.created_at.toISOString(),
      actorId: v.actor_id,
      status: v.status,
      fields: v.fields,
    })),
    hasMore: found.length > limit,
  };
}

/** A post's backups, newest first. */
export async function readBackups(db: Db, postId: string): Promise<BackupsList> {
  const found = await db
    .selectFrom('content_backups')
    .select([
      'id',
      'created_at',
      'actor_id',
      sql<number>`jsonb_array_length(snapshot -> 'comments')`.as('comments'),
      sql<BackupsList['backups'][number]['status']>`snapshot -> 'post' ->> 'status'`.as('status'),
      sql<string>`snapshot -> 'post' ->> 'title'`.as('title'),
    ])
    .where('post_id', '=', postId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(BACKUPS_LIST_MAX)
    .execute();
  return {
    backups: found.map((b) => ({
      backupId: b.id,
      createdAt: b.created_at.toISOString(),
      comments: b.comments,
      actorId: b.actor_id,
      status: b.status,
      title: b.title,
    })),
  };
}

/** A post's hits of the last `days` days (UTC, today included): totals and per day. */
export async function readAnalytics(
  db: Db,
  postId: string,
  days: number,
  now: Date = new Date(),
): Promise<ContentAnalytics> {
  const from = utcDay(new Date(now.getTime() - (days - 1) * DAY_MS));
  const daily = await db
    .selectFrom('content_analytics')
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'metric', 'count'])
    .where('post_id', '=', postId)
    .where('day', '>=', sql<Date>`${from}::date`)
    .orderBy('day')
    .orderBy('metric')
    .execute();
  const totals = Object.fromEntries(CONTENT_METRICS.map((m) => [m, 0])) as Record<
    ContentMetric,
    number
  >;
  for (const row of daily) totals[row.metric] += row.count;
  return { totals, daily };
}
