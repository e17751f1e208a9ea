import { sql } from 'kysely';
import type { SavedPage, MyPostsQuery, MyPostsStats, PostList } from '../../../shared/posts';
import type { Read } from '../../core/reads';
import { first, mapRead } from '../../core/reads';
import type { Db } from '../../db/schema';
import { qb } from '../../db/statement';
import { mentionedSql } from '../mentions/mentioned-sql';
import { member, postAudienceAdmits, postVisible } from '../relations/relations-policy';
import { quoteSql, repostedByMeSql } from '../reposts/quote-sql';
import { decodeCursor, encodeCursor } from './cursor';
import { attachedFilesSql } from './post-media';
import { presentPost, type PostRow } from './post-presenter';

/** `viewerId` may see the post of the enclosing query (`p`): the relations policy's rule. */
export const visibleToViewer = (viewerId: string) => postVisible('p', member(viewerId));

/**
 * The actor may comment on or share the post of the enclosing query (`p`) by its audience for
 * that action (content permissions): its author always.
 */
export const audienceAdmits = (action: 'comment' | 'share', actorId: string) =>
  sql<boolean>`(p.author_id = ${member(actorId)} or ${postAudienceAdmits(
    'p',
    sql.ref(action === 'comment' ? 'p.comment_audience' : 'p.share_audience'),
    action,
    member(actorId),
  )})`;

/**
 * Every column a presented post needs for one viewer, with no visibility filter: on the pool
 * (`db`) for REST, or compiled only (`qb`) for a command's reads and replies.
 */
export function postRows(source: Db, viewerId: string) {
  return source
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.author_id')
    .selectAll('p')
    .select([
      'u.username as author_username',
      'u.display_name as author_name',
      'u.avatar as author_avatar',
      sql<boolean>`exists (select 1 from post_likes l
        where l.post_id = p.id and l.user_id = ${viewerId}::uuid)`.as('liked_by_me'),
      sql<boolean>`exists (select 1 from saved_posts s
        where s.post_id = p.id and s.user_id = ${viewerId}::uuid)`.as('saved_by_me'),
      attachedFilesSql.as('media'),
      mentionedSql('p').as('mentioned'),
      repostedByMeSql(viewerId).as('reposted_by_me'),
      quoteSql(viewerId).as('quote'),
    ]);
}

/** Rows read alike for every watcher of a post: no member's likes or saves are in them. */
export const NO_VIEWER = '00000000-0000-0000-0000-000000000000';

/** The posts as every watcher sees them (`presentSharedPost`), with no visibility filter. */
export const sharedPostRows = (db: Db, postIds: readonly string[]) =>
  postRows(db, NO_VIEWER)
    .where('p.id', 'in', [...postIds])
    .execute() as Promise<PostRow[]>;

/** Posts `viewerId` may see, only. */
export const visiblePostRows = (source: Db, viewerId: string) =>
  postRows(source, viewerId).where(visibleToViewer(viewerId));

/** The post as the viewer sees it, read back in a command's write; null if they may not. */
export function postReply(
  postId: string,
  viewerId: string,
): Read<ReturnType<typeof presentPost> | null> {
  return mapRead(first(visiblePostRows(qb, viewerId).where('p.id', '=', postId)), (row) =>
    row ? presentPost(row as PostRow) : null,
  );
}

export async function readPost(
  db: Db,
  postId: string,
  viewerId: string,
): Promise<PostRow | undefined> {
  const row = await visiblePostRows(db, viewerId).where('p.id', '=', postId).executeTakeFirst();
  return row as PostRow | undefined;
}

/** Title or content contains the words, case-insensitively; `%` and `_` match themselves. */
export const matching = (q: string) => {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`(p.title ilike ${pattern} or p.content ilike ${pattern})`;
};

/** A counted page of a list of posts, from a query already filtered. */
async function countedPage(
  select: ReturnType<typeof postRows>,
  order: readonly ReturnType<typeof sql>[],
  limit: number,
  offset: number,
): Promise<PostList> {
  const [found, counted] = await Promise.all([
    select.orderBy(sql.join(order)).limit(limit).offset(offset).execute() as Promise<PostRow[]>,
    select
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    posts: found.map(presentPost),
    total: counted.total,
    hasMore: offset + found.length < counted.total,
  };
}

/**
 * The author's own posts for My Posts (001 §2): a tab, then the filters, newest first. Posts in
 * the trash are not theirs to read until restored.
 */
export function readMyPosts(db: Db, authorId: string, query: MyPostsQuery): Promise<PostList> {
  let select = postRows(db, authorId)
    .where('p.author_id', '=', authorId)
    .where('p.deleted_at', 'is', null);
  if (query.tab !== 'all') select = select.where('p.status', '=', query.tab);
  if (query.status !== 'all') select = select.where('p.status', '=', query.status);
  if (query.visibility !== 'all') select = select.where('p.visibility', '=', query.visibility);
  if (query.category) {
    select = select.where(sql<boolean>`${query.category} = any(p.categories)`);
  }
  if (query.q) select = select.where(matching(query.q));
  return countedPage(select, [sql`p.created_at desc`, sql`p.id desc`], query.limit, query.offset);
}

export async function readMyPostsStats(db: Db, authorId: string): Promise<MyPostsStats> {
  return db
    .selectFrom('posts')
    .select([
      sql<number>`count(*)::int`.as('totalPosts'),
      sql<number>`(count(*) filter (where status = 'published'))::int`.as('publishedPosts'),
      sql<number>`coalesce(sum(views_count), 0)::int`.as('totalViews'),
      sql<number>`coalesce(sum(comments_count), 0)::int`.as('totalComments'),
    ])
    .where('author_id', '=', authorId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
}

/** The viewer's saved posts they may still see, last saved first, by keyset on (saved_at, id). */
export async function readSaved(
  db: Db,
  viewerId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<SavedPage> {
  let select = visiblePostRows(db, viewerId)
    .innerJoin('saved_posts as s', (join) =>
      join.onRef('s.post_id', '=', 'p.id').on('s.user_id', '=', viewerId),
    )
    .select('s.saved_at');
  if (query.cursor) {
    const { at, id } = decodeCursor(query.cursor);
    select = select.where(sql<boolean>`(s.saved_at, p.id) < (${at}::timestamptz, ${id}::uuid)`);
  }
  const found = (await select
    .orderBy('s.saved_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(query.limit + 1)
    .execute()) as (PostRow & { saved_at: Date })[];
  const rows = found.slice(0, query.limit);
  const last = rows[rows.length - 1];
  return {
    posts: rows.map(presentPost),
    nextCursor: found.length > query.limit && last ? encodeCursor(last.saved_at, last.id) : null,
    savedAt: Object.fromEntries(rows.map((row) => [row.id, row.saved_at.toISOString()])),
  };
}
