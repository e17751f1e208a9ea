import { sql } from 'kysely';
import type { EventType } from '../../../shared/events';
import { qb, statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';
import { eraseMemberCommunityContent } from './content-erasure';

export const communityContentEventTypes = [
  'DiscussionStarted',
  'DiscussionReplied',
  'DiscussionFlagsSet',
  'DiscussionDeleted',
  'DiscussionViewed',
  'CommunityPostCreated',
  'CommunityPostFlagsSet',
  'CommunityPostDeleted',
  'CommunityPostLiked',
  'CommunityPostUnliked',
] as const satisfies readonly EventType[];

/*
 * Counts change by exactly the rows a statement wrote, as in the posts projection: a CTE inserts
 * or deletes and returns one row per change, and the updates add that. The contract's counters
 * live in the communities domain's rows (`communities`, `community_members`): they are bumped
 * here, in the statement that wrote the discussion, reply or post, and dropped again by what a
 * deletion removed. A member row that is not there (they left) is simply not updated.
 */

const id = (value: string) => sql`${value}::uuid`;
const at = (value: Date) => sql`${value}::timestamptz`;

/** The author's count and last activity in the community, for what `changed` holds. */
const memberWrote = (communityId: string, authorId: string, occurredAt: Date) =>
  sql`update community_members
    set post_count = post_count + (select count(*) from changed)::int,
      last_active_at = greatest(last_active_at, ${at(occurredAt)})
    where community_id = ${id(communityId)} and user_id = ${id(authorId)}
      and exists (select 1 from changed)`;

/** Discussions, their replies and views, community posts and their likes. */
export const communityContentProjection: Projection = {
  name: 'community-content',
  tables: [
    'discussions',
    'discussion_replies',
    'discussion_views',
    'community_posts',
    'community_post_likes',
  ],
  handles: [...communityContentEventTypes, 'AccountDeleted'],
  project(event) {
    switch (event.type) {
      case 'DiscussionStarted': {
        const d = event.data;
        return [
          statement(sql`with changed as (
              insert into discussions (id, community_id, author_id, title, content, category, tags,
                last_activity_at, created_at)
              select ${id(d.discussionId)}, ${id(d.communityId)}, ${id(d.authorId)}, ${d.title},
                ${d.content}, ${d.category}, ${d.tags}::text[], ${at(event.occurredAt)},
                ${at(event.occurredAt)}
              where exists (select 1 from communities where id = ${id(d.communityId)})
              on conflict do nothing returning 1
            ), counted as (
              update communities set discussion_count = discussion_count
                + (select count(*) from changed)::int, version = version + 1
              where id = ${id(d.communityId)} and exists (select 1 from changed)
            ) ${memberWrote(d.communityId, d.authorId, event.occurredAt)}`),
        ];
      }
      case 'DiscussionReplied': {
        const d = event.data;
        return [
          statement(sql`with changed as (
              insert into discussion_replies (id, discussion_id, community_id, author_id, content,
                created_at)
              select ${id(d.replyId)}, ${id(d.discussionId)}, ${id(d.communityId)},
                ${id(d.authorId)}, ${d.content}, ${at(event.occurredAt)}
              where exists (select 1 from discussions where id = ${id(d.discussionId)})
              on conflict do nothing returning 1
            ), counted as (
              update discussions set replies_count = replies_count
                + (select count(*) from changed)::int,
                last_reply_author_id = ${id(d.authorId)}, last_reply_at = ${at(event.occurredAt)},
                last_activity_at = greatest(last_activity_at, ${at(event.occurredAt)}),
                version = version + 1
              where id = ${id(d.discussionId)} and exists (select 1 from changed)
            ) ${memberWrote(d.communityId, d.authorId, event.occurredAt)}`),
        ];
      }
      case 'DiscussionFlagsSet': {
        const d = event.data;
        return [
          statement(
            qb
              .updateTable('discussions')
              .set({ is_sticky: d.isSticky, is_locked: d.isLocked, version: sql`version + 1` })
              .where('id', '=', d.discussionId),
          ),
        ];
      }
      case 'DiscussionViewed': {
        const d = event.data;
        return [
          statement(sql`with changed as (
              insert into discussion_views (discussion_id, user_id)
              select ${id(d.discussionId)}, ${id(d.userId)}
              where exists (select 1 from discussions where id = ${id(d.discussionId)})
              on conflict do nothing returning 1)
            update discussions set views_count = views_count + (select count(*) from changed)::int,
              version = version + 1
            where id = ${id(d.discussionId)} and exists (select 1 from changed)`),
        ];
      }
      case 'DiscussionDeleted': {
        const { discussionId, communityId } = event.data;
        return [
          statement(sql`with gone as (
              delete from discussion_replies where discussion_id = ${id(discussionId)}
              returning author_id
            ), n as (select author_id, count(*)::int as n from gone group by author_id)
            update community_members m set post_count = m.post_count - n.n
            from n where m.community_id = ${id(communityId)} and m.user_id = n.author_id`),
          statement(qb.deleteFrom('discussion_views').where('discussion_id', '=', discussionId)),
          statement(sql`with gone as (
              delete from discussions where id = ${id(discussionId)} returning author_id
            ), counted as (
              update communities set discussion_count = discussion_count
                - (select count(*) from gone)::int, version = version + 1
              where id = ${id(communityId)} and exists (select 1 from gone)
            )
            update community_members set post_count = post_count - 1
            where community_id = ${id(communityId)} and user_id in (select author_id from gone)`),
        ];
      }
      case 'CommunityPostCreated': {
        const d = event.data;
        return [
          statement(sql`with changed as (
              insert into community_posts (id, community_id, author_id, category, content, tags,
                is_announcement, created_at)
              select ${id(d.postId)}, ${id(d.communityId)}, ${id(d.authorId)}, ${d.category},
                ${d.content}, ${d.tags}::text[], ${d.isAnnouncement}, ${at(event.occurredAt)}
              where exists (select 1 from communities where id = ${id(d.communityId)})
              on conflict do nothing returning 1
            ), counted as (
              update communities set post_count = post_count + (select count(*) from changed)::int,
                version = version + 1
              where id = ${id(d.communityId)} and exists (select 1 from changed)
            ) ${memberWrote(d.communityId, d.authorId, event.occurredAt)}`),
        ];
      }
      case 'CommunityPostFlagsSet': {
        const d = event.data;
        return [
          statement(
            qb
              .updateTable('community_posts')
              .set({
                is_pinned: d.isPinned,
                is_announcement: d.isAnnouncement,
                version: sql`version + 1`,
              })
              .where('id', '=', d.postId),
          ),
        ];
      }
      case 'CommunityPostLiked': {
        const d = event.data;
        return [
          statement(sql`with changed as (
              insert into community_post_likes (post_id, user_id, liked_at)
              select ${id(d.postId)}, ${id(d.userId)}, ${at(event.occurredAt)}
              where exists (select 1 from community_posts where id = ${id(d.postId)})
              on conflict do nothing returning 1
            ), counted as (
              update community_posts set likes_count = likes_count
                + (select count(*) from changed)::int, version = version + 1
              where id = ${id(d.postId)} and exists (select 1 from changed)
            )
            update community_members set likes_received = likes_received
              + (select count(*) from changed)::int
            where community_id = ${id(d.communityId)} and user_id = ${id(d.postAuthorId)}
              and exists (select 1 from changed)`),
        ];
      }
      case 'CommunityPostUnliked': {
        const d = event.data;
        return [
          statement(sql`with changed as (
              delete from community_post_likes
              where post_id = ${id(d.postId)} and user_id = ${id(d.userId)}
              returning 1
            ), counted as (
              update community_posts set likes_count = likes_count
                - (select count(*) from changed)::int, version = version + 1
              where id = ${id(d.postId)} and exists (select 1 from changed)
            )
            update community_members set likes_received = likes_received
              - (select count(*) from changed)::int
            where community_id = ${id(d.communityId)} and user_id = ${id(d.postAuthorId)}
              and exists (select 1 from changed)`),
        ];
      }
      case 'CommunityPostDeleted': {
        const { postId, communityId } = event.data;
        return [
          statement(qb.deleteFrom('community_post_likes').where('post_id', '=', postId)),
          statement(sql`with gone as (
              delete from community_posts where id = ${id(postId)}
              returning author_id, likes_count
            ), counted as (
              update communities set post_count = post_count - (select count(*) from gone)::int,
                version = version + 1
              where id = ${id(communityId)} and exists (select 1 from gone)
            )
            update community_members m set post_count = m.post_count - 1,
              likes_received = m.likes_received - g.likes_count
            from gone g where m.community_id = ${id(communityId)} and m.user_id = g.author_id`),
        ];
      }
      case 'AccountDeleted':
        return eraseMemberCommunityContent(event.data.userId);
      default:
        return [];
    }
  },
};
