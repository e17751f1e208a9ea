import { sql } from 'kysely';
import type { FollowedTags, TagPage, TrendingTags } from '../../../shared/hashtags';
import { TRENDING_TAGS } from '../../../shared/hashtags';
import type { Db } from '../../db/schema';
import { decodeFeedCursor, encodeFeedCursor } from '../posts/cursor';
import { presentPost, type PostRow } from '../posts/post-presenter';
import { visiblePostRows } from '../posts/posts-read';
import { tagFollowStreamId } from './streams';

/** Whether the viewer follows the tag, with their follow stream's version. */
async function followOf(db: Db, viewerId: string, tag: string) {
  const { rows } = await sql<{ following: boolean; version: number }>`
    select exists (select 1 from tag_follows where member_id = ${viewerId}::uuid and tag = ${tag})
        as following,
      coalesce((select max(stream_version) from events
        where stream_id = ${tagFollowStreamId(viewerId, tag)}), 0)::int as version`.execute(db);
  return rows[0]!;
}

/** The `take` newest posts with the tag below `before` that the viewer may see. */
export const tagPageQuery = (
  source: Db,
  viewerId: string,
  tag: string,
  take: number,
  before: number | null,
) =>
  visiblePostRows(source, viewerId)
    .innerJoin('post_hashtags as h', 'h.post_id', 'p.id')
    .where('h.tag', '=', tag)
    .where('h.feed_seq', 'is not', null)
    .where('p.status', '=', 'published')
    .$if(before !== null, (q) => q.where('h.feed_seq', '<', before!))
    .orderBy('h.feed_seq', 'desc')
    .limit(take);

/**
 * A tag's page: the published posts whose content carries the tag and that the viewer may see
 * (the relations policy's `postVisible`, as every post list), newest first by feed order, keyset
 * on it. The tag's index (`post_hashtags (tag, feed_seq desc)`) is read in order and the posts
 * judged as they come, so a page stops at its last row. Feed order rises in commit order, so a
 * post published meanwhile sorts above the first page, never behind the cursor.
 */
export async function readTagPage(
  db: Db,
  viewerId: string,
  tag: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<TagPage> {
  const before = query.cursor === undefined ? null : decodeFeedCursor(query.cursor);
  const [found, follow] = await Promise.all([
    tagPageQuery(db, viewerId, tag, query.limit + 1, before).execute() as Promise<PostRow[]>,
    followOf(db, viewerId, tag),
  ]);
  const rows = found.slice(0, query.limit);
  const last = rows[rows.length - 1];
  return {
    tag,
    following: follow.following,
    followVersion: follow.version,
    posts: rows.map(presentPost),
    nextCursor: found.length > query.limit && last ? encodeFeedCursor(last.feed_seq!) : null,
  };
}

/** The member's followed tags, newest follow first. */
export async function readFollowedTags(db: Db, viewerId: string): Promise<FollowedTags> {
  const rows = await db
    .selectFrom('tag_follows')
    .select(['tag', 'followed_at'])
    .where('member_id', '=', viewerId)
    .orderBy('followed_at', 'desc')
    .orderBy('tag')
    .execute();
  return { tags: rows.map((r) => ({ tag: r.tag, followedAt: r.followed_at.toISOString() })) };
}

/**
 * Trending tags over the last `TRENDING_TAGS.windowHours` (24 h), the same for every member:
 *
 *   score(tag) = Σ over the distinct authors of the tag's posts in the window
 *                0.5 ^ (hours since that author's newest such post / halfLifeHours (6))
 *
 * Each author counts once however much they post (a spammer cannot lift a tag alone), and counts
 * half as much every 6 hours after they last used it. Only public, published, visible posts not
 * in the trash count: the ranking is computed from what every member may see, so it tells nobody
 * anything about friends-only, private or hidden posts.
 */
export async function readTrendingTags(
  db: Db,
  query: { limit: number },
  now = new Date(),
): Promise<TrendingTags> {
  const since = new Date(now.getTime() - TRENDING_TAGS.windowHours * 3_600_000);
  const { rows } = await sql<{ tag: string; authors: number; posts: number; score: number }>`
    select a.tag, count(*)::int as authors, sum(a.posts)::int as posts,
      sum(power(0.5, greatest(extract(epoch from (${now}::timestamptz - a.newest)) / 3600, 0)
        / ${TRENDING_TAGS.halfLifeHours}))::float8 as score
    from (
      select h.tag, h.author_id, count(*) as posts, max(h.published_at) as newest
      from post_hashtags h join posts p on p.id = h.post_id
      where h.published_at >= ${since}::timestamptz
        and p.status = 'published' and p.deleted_at is null
        and p.moderation_state = 'visible' and p.visibility = 'public'
      group by h.tag, h.author_id
    ) a
    group by a.tag
    order by score desc, a.tag
    limit ${query.limit}`.execute(db);
  return { tags: rows };
}
