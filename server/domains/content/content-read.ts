import { sql, type RawBuilder } from 'kysely';
import {
  CONTENT_EXPORT_BATCH,
  CONTENT_TOP_TAGS,
  type ContentListQuery,
  type ContentPage,
  type ContentRecord,
  type ContentSort,
  type ContentStats,
} from '../../../shared/content';
import type { Read } from '../../core/reads';
import { first, mapRead } from '../../core/reads';
import type { Db } from '../../db/schema';
import { qb } from '../../db/statement';
import { member, ownerReader, postVisible } from '../relations/relations-policy';
import { postRows } from '../posts/posts-read';
import { presentContent, type ContentRow, type ExportRow } from './content-presenter';

/**
 * The reader may read the record of the enclosing query (`p`): nobody reads the trash; an owner
 * reads everything else; anyone else what the relations policy's `postVisible` lets them.
 */
export const contentReadable = (readerId: string): RawBuilder<boolean> =>
  sql<boolean>`(p.deleted_at is null
    and (${ownerReader(member(readerId))} or ${postVisible('p', member(readerId))}))`;

/** The reader is the record's author or an owner. */
export const privilegedReader = (readerId: string): RawBuilder<boolean> =>
  sql<boolean>`(p.author_id = ${member(readerId)} or ${ownerReader(member(readerId))})`;

/** The members named per action on the post of the enclosing query (`p`), in id order. */
export const grantsSql = sql<ContentRow['grants']>`(select json_build_object(
    'view', coalesce(array_agg(g.user_id order by g.user_id) filter (where g.action = 'view'), '{}'),
    'comment', coalesce(array_agg(g.user_id order by g.user_id) filter (where g.action = 'comment'), '{}'),
    'share', coalesce(array_agg(g.user_id order by g.user_id) filter (where g.action = 'share'), '{}'))
  from post_grants g where g.post_id = p.id)`;

/**
 * Every column a presented record needs, of any record: only for posts a query has already
 * found readable (`contentReadable`) in the same statement.
 */
export function contentColumns(source: Db, readerId: string) {
  return postRows(source, readerId).select([
    grantsSql.as('grants'),
    privilegedReader(readerId).as('privileged'),
  ]);
}

/** Every column a presented record needs, of the records the reader may read. */
export function contentRows(source: Db, readerId: string) {
  return contentColumns(source, readerId).where(contentReadable(readerId));
}

/** A record as the reader reads it, read back in a command's write; null if they may not. */
export function contentReply(postId: string, readerId: string): Read<ContentRecord | null> {
  return mapRead(first(contentRows(qb, readerId).where('p.id', '=', postId)), (row) =>
    row ? presentContent(row as ContentRow) : null,
  );
}

export async function readContent(
  db: Db,
  postId: string,
  readerId: string,
): Promise<ContentRecord | null> {
  const row = await contentRows(db, readerId).where('p.id', '=', postId).executeTakeFirst();
  return row ? presentContent(row as ContentRow) : null;
}

export type ContentFilters = Omit<ContentListQuery, 'sort' | 'page' | 'limit'>;
type Select = ReturnType<typeof contentRows>;

/** The filters every list takes, on the post of the enclosing query (`p`); each one sent narrows. */
export function filterSql(f: ContentFilters): RawBuilder<boolean> {
  const all: RawBuilder<boolean>[] = [];
  if (f.userId) all.push(sql<boolean>`p.author_id = ${f.userId}::uuid`);
  if (f.status) all.push(sql<boolean>`p.status = ${f.status}`);
  if (f.type) all.push(sql<boolean>`p.content_type = ${f.type}`);
  if (f.visibility) all.push(sql<boolean>`p.visibility = ${f.visibility}`);
  if (f.tag) all.push(sql<boolean>`${f.tag} = any(p.tags)`);
  if (f.category) all.push(sql<boolean>`${f.category} = any(p.categories)`);
  if (f.from) all.push(sql<boolean>`p.created_at >= ${new Date(f.from)}`);
  if (f.to) all.push(sql<boolean>`p.created_at <= ${new Date(f.to)}`);
  return all.length === 0 ? sql<boolean>`true` : sql<boolean>`(${sql.join(all, sql` and `)})`;
}

const ORDERS: Record<ContentSort, RawBuilder<unknown>[]> = {
  newest: [sql`p.created_at desc`, sql`p.id desc`],
  oldest: [sql`p.created_at asc`, sql`p.id asc`],
  popular: [
    sql`(p.likes_count + 2 * p.comments_count + 3 * p.shares_count + p.views_count) desc`,
    sql`p.created_at desc`,
    sql`p.id desc`,
  ],
};

/** A counted page (pages from 1) of a filtered list. */
async function page(
  select: Select,
  order: readonly RawBuilder<unknown>[],
  query: { page: number; limit: number },
): Promise<ContentPage> {
  const offset = (query.page - 1) * query.limit;
  const [found, counted] = await Promise.all([
    select.orderBy(sql.join(order)).limit(query.limit).offset(offset).execute(),
    select
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    content: (found as ContentRow[]).map(presentContent),
    total: counted.total,
    hasMore: offset + found.length < counted.total,
  };
}

/** The records the reader may read, filtered (by member, status, type, ...) and sorted. */
export function readContentList(
  db: Db,
  readerId: string,
  query: ContentListQuery,
  extra?: (select: Select) => Select,
): Promise<ContentPage> {
  const { sort, page: _page, limit: _limit, ...f } = query;
  const select = contentRows(db, readerId).where(filterSql(f));
  return page(extra ? extra(select) : select, ORDERS[sort], query);
}

/** Totals by status and type, summed metrics and the most used tags of the records readable. */
export async function readContentStats(
  db: Db,
  readerId: string,
  userId: string | undefined,
): Promise<ContentStats> {
  let base = db.selectFrom('posts as p').where(contentReadable(readerId));
  if (userId) base = base.where('p.author_id', '=', userId);
  const [totals, byStatus, byType, tags] = await Promise.all([
    base
      .select([
        sql<number>`count(*)::int`.as('total'),
        sql<number>`coalesce(sum(p.views_count), 0)::int`.as('views'),
        sql<number>`coalesce(sum(p.likes_count), 0)::int`.as('likes'),
        sql<number>`coalesce(sum(p.comments_count), 0)::int`.as('comments'),
        sql<number>`coalesce(sum(p.shares_count), 0)::int`.as('shares'),
      ])
      .executeTakeFirstOrThrow(),
    base
      .select(['p.status', sql<number>`count(*)::int`.as('n')])
      .groupBy('p.status')
      .execute(),
    base
      .select(['p.content_type', sql<number>`count(*)::int`.as('n')])
      .groupBy('p.content_type')
      .execute(),
    db
      .selectFrom(base.select(sql<string>`unnest(p.tags)`.as('tag')).as('t'))
      .select(['t.tag', sql<number>`count(*)::int`.as('n')])
      .groupBy('t.tag')
      .orderBy(sql`count(*) desc`)
      .orderBy('t.tag')
      .limit(CONTENT_TOP_TAGS)
      .execute(),
  ]);
  const { total, ...metrics } = totals;
  return {
    total,
    byStatus: {
      draft: 0,
      published: 0,
      private: 0,
      ...Object.fromEntries(byStatus.map((r) => [r.status, r.n])),
    },
    byType: {
      post: 0,
      article: 0,
      image: 0,
      video: 0,
      link: 0,
      ...Object.fromEntries(byType.map((r) => [r.content_type, r.n])),
    },
    metrics,
    topTags: tags.map((r) => ({ tag: r.tag, count: r.n })),
  };
}

/**
 * A member's records as the export writes them, oldest first by (createdAt, number), read a
 * batch at a time by keyset as the client downloads: what a member may not read (the trash,
 * what a moderator hid or removed) is not exported.
 */
export async function* exportRows(db: Db, userId: string): AsyncGenerator<ExportRow> {
  // The keyset holds the time as Postgres wrote it: a JS Date would drop its microseconds.
  let after: { at: string; number: number } | null = null;
  for (;;) {
    let select = db
      .selectFrom('posts as p')
      .select([
        'p.title',
        'p.content',
        'p.excerpt',
        'p.content_type',
        'p.status',
        'p.visibility',
        'p.comment_audience',
        'p.share_audience',
        'p.tags',
        'p.categories',
        'p.featured_image',
        'p.location',
        'p.seo_title',
        'p.seo_description',
        'p.allow_comments',
        'p.allow_sharing',
        'p.metadata',
        'p.created_at',
        'p.published_at',
        'p.edited_at',
        'p.number',
        sql<string>`p.created_at::text`.as('created_key'),
      ])
      .where('p.author_id', '=', userId)
      .where('p.deleted_at', 'is', null)
      .where('p.moderation_state', '=', 'visible');
    if (after) {
      select = select.where(
        sql<boolean>`(p.created_at, p.number) > (${after.at}::timestamptz, ${after.number}::int)`,
      );
    }
    const batch = await select
      .orderBy('p.created_at')
      .orderBy('p.number')
      .limit(CONTENT_EXPORT_BATCH)
      .execute();
    for (const { number: _number, created_key: _key, ...row } of batch) yield row;
    const last = batch[batch.length - 1];
    if (!last || batch.length < CONTENT_EXPORT_BATCH) return;
    after = { at: last.created_key, number: last.number };
  }
}
