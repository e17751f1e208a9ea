import { sql } from 'kysely';
import type { EventData, EventType } from '../../../shared/events';
import { qb, statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';
import { positionOf } from './feed-order';
import { removePost } from './home-timeline';
import { addLikesReceived } from './likes-received';
import { attachStatements } from './post-media';
import { deleteSearchDocument, writeSearchDocument } from './post-search-document';
import { eraseMemberPosts } from './posts-erasure';

export const postEventTypes = [
  'PostDrafted',
  'PostPublished',
  'PostEdited',
  'PostDeleted',
  'PostTrashed',
  'PostUntrashed',
  'PostLiked',
  'PostUnliked',
  'CommentAdded',
  'CommentEdited',
  'CommentDeleted',
  'CommentLiked',
  'CommentUnliked',
  'PostSaved',
  'PostUnsaved',
  'PostShared',
  'PostViewed',
] as const satisfies readonly EventType[];

type Content = Omit<EventData<'PostEdited'>, 'postId' | 'authorId' | 'status'>;

export const columnsOf = (c: Content) => ({
  title: c.title,
  content: c.content,
  excerpt: c.excerpt,
  featured_image: c.featuredImage,
  location: c.location,
  visibility: c.visibility,
  categories: c.categories,
  tags: c.tags,
  seo_title: c.seoTitle,
  seo_description: c.seoDescription,
  allow_comments: c.allowComments,
  allow_sharing: c.allowSharing,
  word_count: c.wordCount,
  read_time: c.readTime,
  // Every post written before the content API is a post.
  content_type: c.contentType ?? 'post',
});

/*
 * Counts change by exactly the rows a statement wrote: a CTE inserts or deletes and returns one
 * row per change, and the update adds that. The row lock orders concurrent changes and the
 * increment reads the row as the previous writer left it, so a count never drifts (a recount's
 * subquery would read the statement's snapshot, taken before the lock was granted); the version
 * rises only when the count moved.
 */

/** Every change of a post's row bumps its version, so a client keeps the newest it is pushed. */
const bumpPost = (postId: string, set: Record<string, unknown>) =>
  statement(
    qb
      .updateTable('posts')
      .set(set)
      .set({ version: sql`version + 1` })
      .where('id', '=', postId),
  );

/**
 * Posts, their likes, comments and saves. Times come from the events, so a rebuild is
 * identical; what a projection must know beyond the event (does the post still exist) it reads
 * inside its statements.
 */
export const postsProjection: Projection = {
  name: 'posts',
  tables: [
    'posts',
    'post_numbers',
    'post_likes',
    'comments',
    'comment_likes',
    'saved_posts',
    'post_media',
    'post_grants',
    'post_search',
  ],
  // A moderator's decision on a post or comment is kept on its row, where `postVisible` reads it.
  handles: [...postEventTypes, 'ContentModerated', 'AccountDeleted'],
  project(event) {
    switch (event.type) {
      case 'PostDrafted': {
        const d = event.data;
        return [
          statement(
            qb.insertInto('posts').values({
              id: d.postId,
              author_id: d.authorId,
              number: d.number,
              status: d.status,
              created_at: event.occurredAt,
              published_at: null,
              edited_at: null,
              ...columnsOf(d),
            }),
          ),
          statement(
            qb
              .insertInto('post_numbers')
              .values({ author_id: d.authorId, last_number: d.number })
              .onConflict((oc) =>
                oc.column('author_id').doUpdateSet({
                  last_number: sql`greatest(post_numbers.last_number, excluded.last_number)`,
                }),
              ),
          ),
          writeSearchDocument(d.postId),
          ...attachStatements(d.postId, d.mediaIds, false),
        ];
      }
      case 'PostPublished':
        return [
          bumpPost(event.data.postId, {
            status: 'published',
            published_at: sql`coalesce(published_at, ${event.occurredAt}::timestamptz)`,
            feed_seq: sql`coalesce(feed_seq, ${positionOf(event)})`,
          }),
        ];
      case 'PostEdited': {
        const d = event.data;
        return [
          bumpPost(d.postId, { status: d.status, edited_at: event.occurredAt, ...columnsOf(d) }),
          writeSearchDocument(d.postId),
          ...attachStatements(d.postId, d.mediaIds, true),
        ];
      }
      case 'PostTrashed':
        return [bumpPost(event.data.postId, { deleted_at: event.occurredAt })];
      case 'PostUntrashed':
        return [bumpPost(event.data.postId, { deleted_at: null })];
      case 'ContentModerated': {
        const { targetType, targetId, action, reason } = event.data;
        const set = {
          moderation_state:
            action === 'approve' ? 'visible' : action === 'hide' ? 'hidden' : 'removed',
          moderation_reason: action === 'approve' ? null : reason,
        } as const;
        if (targetType === 'post') return [bumpPost(targetId, set)];
        return [
          statement(
            qb
              .updateTable('comments')
              .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
              .where('id', '=', targetId),
          ),
        ];
      }
      case 'PostDeleted': {
        const { postId } = event.data;
        return [
          ...removePost(postId),
          statement(qb.deleteFrom('comment_likes').where('post_id', '=', postId)),
          statement(qb.deleteFrom('comments').where('post_id', '=', postId)),
          statement(qb.deleteFrom('post_likes').where('post_id', '=', postId)),
          statement(qb.deleteFrom('saved_posts').where('post_id', '=', postId)),
          statement(qb.deleteFrom('post_media').where('post_id', '=', postId)),
          statement(qb.deleteFrom('post_grants').where('post_id', '=', postId)),
          deleteSearchDocument(postId),
          statement(qb.deleteFrom('posts').where('id', '=', postId)),
        ];
      }
      // The author's Total Likes moves in the same statement, by what it wrote.
      case 'PostLiked': {
        const { postId, userId } = event.data;
        return [
          statement(sql`with changed as (
              insert into post_likes (post_id, user_id, liked_at)
              select ${postId}::uuid, ${userId}::uuid, ${event.occurredAt}::timestamptz
              where exists (select 1 from posts where id = ${postId}::uuid)
              on conflict do nothing returning 1
            ), post as (
              update posts set likes_count = likes_count + (select count(*) from changed)::int,
                version = version + 1
              where id = ${postId}::uuid and exists (select 1 from changed)
              returning author_id)
            ${addLikesReceived(1)}`),
        ];
      }
      case 'PostUnliked': {
        const { postId, userId } = event.data;
        return [
          statement(sql`with changed as (
              delete from post_likes where post_id = ${postId}::uuid and user_id = ${userId}::uuid
              returning 1
            ), post as (
              update posts set likes_count = likes_count - (select count(*) from changed)::int,
                version = version + 1
              where id = ${postId}::uuid and exists (select 1 from changed)
              returning author_id)
            ${addLikesReceived(-1)}`),
        ];
      }
      case 'CommentAdded': {
        const d = event.data;
        // A reply whose parent went in the meantime has nowhere to hang: it is not stored.
        return [
          statement(sql`with changed as (
              insert into comments (id, post_id, author_id, parent_id, depth, content, created_at)
              select ${d.commentId}::uuid, ${d.postId}::uuid, ${d.authorId}::uuid,
                ${d.parentId}::uuid, ${d.depth}::int, ${d.content}::text,
                ${event.occurredAt}::timestamptz
              where exists (select 1 from posts where id = ${d.postId}::uuid)
                and (${d.parentId}::uuid is null
                  or exists (select 1 from comments where id = ${d.parentId}::uuid))
              returning 1)
            update posts set comments_count = comments_count + (select count(*) from changed)::int,
              version = version + 1
            where id = ${d.postId}::uuid and exists (select 1 from changed)`),
        ];
      }
      case 'CommentEdited':
        return [
          statement(
            qb
              .updateTable('comments')
              .set({
                content: event.data.content,
                edited_at: event.occurredAt,
                version: sql`version + 1`,
              })
              .where('id', '=', event.data.commentId),
          ),
        ];
      case 'CommentDeleted': {
        const { postId, commentId } = event.data;
        return [
          statement(sql`with recursive thread as (
              select id from comments where id = ${commentId}::uuid
              union all
              select c.id from comments c join thread t on c.parent_id = t.id
            ), likes as (
              delete from comment_likes where comment_id in (select id from thread)
            ), changed as (
              delete from comments where id in (select id from thread) returning 1
            )
            update posts set comments_count = comments_count - (select count(*) from changed)::int,
              version = version + 1
            where id = ${postId}::uuid and exists (select 1 from changed)`),
        ];
      }
      case 'CommentLiked': {
        const { postId, commentId, userId } = event.data;
        return [
          statement(sql`with changed as (
              insert into comment_likes (comment_id, user_id, post_id, liked_at)
              select ${commentId}::uuid, ${userId}::uuid, ${postId}::uuid,
                ${event.occurredAt}::timestamptz
              where exists (select 1 from comments where id = ${commentId}::uuid)
              on conflict do nothing returning 1)
            update comments set likes_count = likes_count + (select count(*) from changed)::int,
              version = version + 1
            where id = ${commentId}::uuid and exists (select 1 from changed)`),
        ];
      }
      case 'CommentUnliked': {
        const { commentId, userId } = event.data;
        return [
          statement(sql`with changed as (
              delete from comment_likes
              where comment_id = ${commentId}::uuid and user_id = ${userId}::uuid
              returning 1)
            update comments set likes_count = likes_count - (select count(*) from changed)::int,
              version = version + 1
            where id = ${commentId}::uuid and exists (select 1 from changed)`),
        ];
      }
      case 'PostSaved': {
        const { postId, userId } = event.data;
        return [
          statement(sql`insert into saved_posts (user_id, post_id, saved_at)
            select ${userId}::uuid, ${postId}::uuid, ${event.occurredAt}::timestamptz
            where exists (select 1 from posts where id = ${postId}::uuid)
            on conflict do nothing`),
        ];
      }
      case 'PostUnsaved':
        return [
          statement(
            qb
              .deleteFrom('saved_posts')
              .where('user_id', '=', event.data.userId)
              .where('post_id', '=', event.data.postId),
          ),
        ];
      case 'PostShared':
        return [bumpPost(event.data.postId, { shares_count: sql`shares_count + 1` })];
      case 'PostViewed':
        return [
          bumpPost(event.data.postId, { views_count: sql`views_count + ${event.data.views}` }),
        ];
      case 'AccountDeleted':
        return eraseMemberPosts(event.data.userId);
      default:
        return [];
    }
  },
};
