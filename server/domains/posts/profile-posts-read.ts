import { sql, type RawBuilder } from 'kysely';
import {
  postsMessages,
  type PostSort,
  type UserPostsPage,
  type UserPostsQuery,
} from '../../../shared/posts';
import type { RepostedBy } from '../../../shared/reposts';
import { invalid } from '../../core/errors';
import type { Db } from '../../db/schema';
import { decodeProfileCursor, encodeProfileCursor } from './cursor';
import { presentPost, type PostRow } from './post-presenter';
import { matching, visiblePostRows } from './posts-read';

/** An entry of a profile's list: the post, when it sorts there, and who reposted it (or null). */
type Entry = { post_id: string; at: Date; reposted_by: string | null };

/**
 * The member's published posts and their reposts, each post once: a post of their own they
 * reposted is listed at the repost, the newer of the two, so a keyset on (time, post) never
 * meets a post twice. Each half is read from its author's or reposter's index.
 */
const entriesOf = (memberId: string) => sql<Entry>`(
    select own.id as post_id, own.published_at as at, null::uuid as reposted_by
    from posts own
    where own.author_id = ${memberId}::uuid and own.status = 'published'
      and not exists (select 1 from reposts mine
        where mine.post_id = own.id and mine.member_id = ${memberId}::uuid)
    union all
    select r.post_id, r.reposted_at, r.member_id from reposts r
    where r.member_id = ${memberId}::uuid)`;

/** A sort's keys, most significant first, and its direction: the last two are (time, post). */
const SORTS: Record<PostSort, { count: RawBuilder<number> | null; desc: boolean }> = {
  newest: { count: null, desc: true },
  oldest: { count: null, desc: false },
  mostLiked: { count: sql<number>`p.likes_count`, desc: true },
  mostCommented: { count: sql<number>`p.comments_count`, desc: true },
};

type ProfileRow = PostRow & {
  entry_at: Date;
  sort_count: number | null;
  reposter: RepostedBy | null;
};

/**
 * A member's posts and reposts the viewer may see (002 §3), searched and sorted: a repost of a
 * post the viewer may not see is not listed. Pages by `offset`, or by keyset after the `cursor`
 * of the page before, which stays right while the member posts and reposts: no entry repeats
 * and none is skipped (a count sort's keyset is the counts as the page before read them).
 */
export async function readUserPosts(
  db: Db,
  memberId: string,
  viewerId: string,
  query: UserPostsQuery,
): Promise<UserPostsPage> {
  if (query.cursor !== undefined && query.offset > 0) {
    throw invalid('cursor-and-offset', postsMessages.cursorWithOffset);
  }
  const sort = SORTS[query.sortBy];
  const from = query.cursor === undefined ? null : decodeProfileCursor(query.cursor, query.sortBy);
  let select = visiblePostRows(db, viewerId)
    .innerJoin(entriesOf(memberId).as('e'), 'e.post_id', 'p.id')
    .where('p.status', '=', 'published');
  // A blank search lists as if there were none (002 §5).
  if (query.q) select = select.where(matching(query.q));

  const keys = [...(sort.count ? [sort.count] : []), sql`e.at`, sql`p.id`];
  let paged = select.select([
    'e.at as entry_at',
    sql<number | null>`${sort.count ?? sql`null::int`}`.as('sort_count'),
    sql<RepostedBy | null>`(select json_build_object('id', ru.id, 'username', ru.username,
        'displayName', ru.display_name)
      from users ru where ru.id = e.reposted_by)`.as('reposter'),
  ]);
  if (from) {
    const after = sql.join([
      ...(sort.count ? [sql`${from.count}::int`] : []),
      sql`${from.at}::timestamptz`,
      sql`${from.id}::uuid`,
    ]);
    const beyond = sql.raw(sort.desc ? '<' : '>');
    paged = paged.where(sql<boolean>`(${sql.join(keys)}) ${beyond} (${after})`);
  }
  const direction = sql.raw(sort.desc ? 'desc' : 'asc');
  const [found, { total, reposted }] = await Promise.all([
    paged
      .orderBy(sql.join(keys.map((key) => sql`${key} ${direction}`)))
      .limit(query.limit + 1)
      .offset(query.offset)
      .execute() as Promise<ProfileRow[]>,
    select
      .clearSelect()
      .select([
        sql<number>`count(*)::int`.as('total'),
        sql<number>`(count(*) filter (where e.reposted_by is not null))::int`.as('reposted'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const rows = found.slice(0, query.limit);
  const last = rows[rows.length - 1];
  return {
    posts: rows.map(presentPost),
    total,
    reposted,
    hasMore: found.length > query.limit,
    nextCursor:
      found.length > query.limit && last
        ? encodeProfileCursor({
            sort: query.sortBy,
            count: sort.count ? Number(last.sort_count) : null,
            at: last.entry_at.toISOString(),
            id: last.id,
          })
        : null,
    repostedBy: Object.fromEntries(
      rows.flatMap((row) => (row.reposter === null ? [] : [[row.id, row.reposter]])),
    ),
  };
}
