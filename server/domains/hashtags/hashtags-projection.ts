import { sql, type RawBuilder } from 'kysely';
import type { EventType } from '../../../shared/events';
import { hashtagsIn } from '../../../shared/hashtags';
import { statement, type Statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';
import { feedOrderLock } from '../posts/feed-order';

const uuid = (id: string) => sql`${id}::uuid`;

/**
 * The post's tags as its content now says: rows for tags it lost go, the others are written with
 * the post's author, feed order and publication time as the posts projection left them.
 */
function syncPostTags(postId: string, content: string): Statement[] {
  const tags = hashtagsIn(content);
  return [
    statement(sql`delete from post_hashtags
      where post_id = ${uuid(postId)} and not (tag = any(${tags}::text[]))`),
    statement(sql`insert into post_hashtags (post_id, tag, author_id, feed_seq, published_at)
      select p.id, t.tag, p.author_id, p.feed_seq, p.published_at
      from posts p cross join unnest(${tags}::text[]) as t(tag)
      where p.id = ${uuid(postId)}
      on conflict (post_id, tag) do update set author_id = excluded.author_id,
        feed_seq = excluded.feed_seq, published_at = excluded.published_at`),
  ];
}

/** A published or migrated post's copies of its author, feed order and publication time. */
const copyPostColumns = (postId: string): Statement =>
  statement(sql`update post_hashtags h
    set author_id = p.author_id, feed_seq = p.feed_seq, published_at = p.published_at
    from posts p where p.id = h.post_id and h.post_id = ${uuid(postId)}`);

/**
 * The post aliased `p` may join the home feed of a stranger who follows one of its tags:
 * published, not in the trash, visible, and public. Friends-only posts reach friends through the
 * home timeline already; the reader still asks the relations policy (blocks) at read time.
 */
const listedForTagFollowers = sql<boolean>`(p.status = 'published' and p.feed_seq is not null
  and p.deleted_at is null and p.moderation_state = 'visible' and p.visibility = 'public')`;

/**
 * Who follows `tag` and gets the post `p` through it: not its author, and only members who
 * followed the tag by the time the post was published (following does not backfill).
 */
const tagFollowerOf = (tag: RawBuilder<unknown>, memberId: RawBuilder<unknown>) =>
  sql<boolean>`exists (select 1 from tag_follows tf
    where tf.tag = ${tag} and tf.member_id = ${memberId}
      and tf.member_id <> p.author_id and tf.followed_at <= p.published_at)`;

/**
 * The post in the tag timelines of exactly the members who should get it through a tag: rows
 * that no longer hold (the post left the public, or lost the tag) go, and one set-based insert
 * adds it for the followers of its tags.
 */
function syncTagTimelines(postId: string): Statement[] {
  return [
    statement(sql`delete from tag_timelines t using posts p
      where p.id = ${uuid(postId)} and t.feed_seq = p.feed_seq
        and not (${listedForTagFollowers}
          and exists (select 1 from post_hashtags h where h.post_id = p.id and h.tag = t.tag)
          and ${tagFollowerOf(sql.ref('t.tag'), sql.ref('t.member_id'))})`),
    statement(sql`insert into tag_timelines (member_id, feed_seq, tag)
      select tf.member_id, p.feed_seq, h.tag
      from posts p
      join post_hashtags h on h.post_id = p.id
      join tag_follows tf on tf.tag = h.tag
      where p.id = ${uuid(postId)} and ${listedForTagFollowers}
        and tf.member_id <> p.author_id and tf.followed_at <= p.published_at
      on conflict do nothing`),
  ];
}

/** Events that change a post's tags, its listing to tag followers, or who follows what. */
const handled = [
  'PostDrafted',
  'PostPublished',
  'PostEdited',
  'PostTrashed',
  'PostUntrashed',
  'PostDeleted',
  'ContentModerated',
  'PostPermissionsSet',
  'ContentMigrated',
  'ContentImported',
  'AccountDeleted',
  'TagFollowed',
  'TagUnfollowed',
] as const satisfies readonly EventType[];

/** Writes of tag timelines take the home feed's order lock (home-timeline-projection.ts). */
const ordered = new Set<EventType>(handled.filter((type) => type !== 'PostDrafted'));

/**
 * Hashtags: the index of posts by tag (`post_hashtags`), the tags members follow and the posts
 * those follows bring into their home feeds (`tag_timelines`). It runs after the posts and
 * content projections (modules.ts), so its statements read the post as the event left it.
 *
 * Tag timelines are written under the feed-order lock, like home timelines: a follow committed
 * while a post with the tag is published is then ordered before or after it in the log as it
 * was live, so a rebuild gives the follower the post exactly when they got it.
 */
export const hashtagsProjection: Projection = {
  name: 'hashtags',
  tables: ['post_hashtags', 'tag_follows', 'tag_timelines'],
  handles: handled,
  locks: (event) => (ordered.has(event.type) ? [feedOrderLock()] : []),
  project(event) {
    switch (event.type) {
      case 'PostDrafted':
        return syncPostTags(event.data.postId, event.data.content);
      case 'PostEdited':
      case 'ContentImported':
        return [
          ...syncPostTags(event.data.postId, event.data.content),
          ...syncTagTimelines(event.data.postId),
        ];
      case 'PostPublished':
      case 'ContentMigrated':
        return [copyPostColumns(event.data.postId), ...syncTagTimelines(event.data.postId)];
      case 'PostTrashed':
      case 'PostUntrashed':
      case 'PostPermissionsSet':
        return syncTagTimelines(event.data.postId);
      case 'ContentModerated':
        return event.data.targetType === 'post' ? syncTagTimelines(event.data.targetId) : [];
      case 'PostDeleted': {
        const post = uuid(event.data.postId);
        return [
          statement(sql`delete from tag_timelines where feed_seq in
            (select feed_seq from post_hashtags where post_id = ${post} and feed_seq is not null)`),
          statement(sql`delete from post_hashtags where post_id = ${post}`),
        ];
      }
      case 'AccountDeleted': {
        const member = uuid(event.data.userId);
        return [
          statement(sql`delete from tag_timelines where feed_seq in
            (select feed_seq from post_hashtags
             where author_id = ${member} and feed_seq is not null)`),
          statement(sql`delete from tag_timelines where member_id = ${member}`),
          statement(sql`delete from tag_follows where member_id = ${member}`),
          statement(sql`delete from post_hashtags where author_id = ${member}`),
        ];
      }
      case 'TagFollowed':
        return [
          statement(sql`insert into tag_follows (member_id, tag, followed_at)
            values (${uuid(event.data.userId)}, ${event.data.tag}, ${event.occurredAt}::timestamptz)
            on conflict do nothing`),
        ];
      case 'TagUnfollowed': {
        const member = uuid(event.data.userId);
        return [
          statement(sql`delete from tag_follows
            where member_id = ${member} and tag = ${event.data.tag}`),
          statement(sql`delete from tag_timelines
            where member_id = ${member} and tag = ${event.data.tag}`),
        ];
      }
      default:
        return [];
    }
  },
};
