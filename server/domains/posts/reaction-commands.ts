import { sql } from 'kysely';
import type { NewEvent } from '../../../shared/events';
import { postsMessages, type ShareChannel } from '../../../shared/posts';
import { appendTo, defineCommand } from '../../core/command';
import { forbidden, notFound } from '../../core/errors';
import { exists, first, mapRead, streamVersion, streamVersionSql } from '../../core/reads';
import { qb } from '../../db/statement';
import { contentSharedTemplate, likeNotificationTemplate } from '../email/templates';
import { postNotFound } from './commands';
import { postEmail, postEmailContext, postEmailRead, postPath } from './post-notifications';
import { audienceAdmits, visibleToViewer } from './posts-read';
import {
  commentLikeStreamId,
  idOrNone,
  postLikeStreamId,
  postSaveStreamId,
  postShareStreamId,
} from './streams';

/**
 * Whether the actor may see the post, with what sharing and the events need; undefined when
 * there is none.
 */
function visiblePost(postId: string, actorId: string) {
  return first(
    qb
      .selectFrom('posts as p')
      .select([
        'p.id',
        'p.author_id',
        'p.allow_sharing',
        visibleToViewer(actorId).as('visible'),
        audienceAdmits('share', actorId).as('share_admitted'),
      ])
      .where('p.id', '=', idOrNone(postId)),
  );
}

/**
 * A like's reads in one statement: the post as the member may see it, whether they like it,
 * their likes' stream version and what the author's email needs, all from one snapshot;
 * undefined when there is no post.
 */
function likeRead(postId: string, userId: string) {
  const id = idOrNone(postId);
  return first(
    qb
      .selectFrom('posts as p')
      .select([
        'p.id',
        'p.author_id',
        visibleToViewer(userId).as('visible'),
        sql<boolean>`exists (select 1 from post_likes l
          where l.post_id = p.id and l.user_id = ${userId}::uuid)`.as('liked'),
        streamVersionSql(sql`${postLikeStreamId(id, userId)}`).as('version'),
        postEmailContext(id, userId, 'post_liked', likeNotificationTemplate.name).as('email'),
      ])
      .where('p.id', '=', id),
  );
}

const requireVisible = <P extends { visible: boolean }>(post: P | undefined): P => {
  if (!post || !post.visible) throw postNotFound();
  return post;
};

/** The post's likes for the viewer, read back after the write: absolute and versioned. */
const likeState = (postId: string, userId: string) =>
  mapRead(
    first(
      qb
        .selectFrom('posts as p')
        .select([
          'p.id as postId',
          'p.likes_count as likes',
          'p.version',
          sql<boolean>`exists (select 1 from post_likes l
            where l.post_id = p.id and l.user_id = ${userId}::uuid)`.as('likedByMe'),
        ])
        .where('p.id', '=', postId),
    ),
    (row) => row ?? null,
  );

export interface ReactionsConfig {
  /** Links in emails name the public URL. */
  publicUrl: string;
}

/** The reactions that email the post's author, for one configuration. */
export function reactionCommands({ publicUrl }: ReactionsConfig) {
  /**
   * Likes or unlikes a post the member may see. Idempotent: liking a liked post appends nothing
   * and answers the count as it is. Each member's likes of a post are one stream, so a second
   * request racing the first meets its version and reads again. The author's first like from a
   * member queues the 'Like Notification' email, if they want it; liking again after an unlike
   * does not send it twice.
   */
  const setPostLike = defineCommand({
    name: 'posts.like',
    load: (input: { userId: string; postId: string; like: boolean }) => ({
      post: likeRead(input.postId, input.userId),
    }),
    decide({ post: found }, { userId, like }) {
      const post = requireVisible(found);
      const { liked, version, email } = post;
      const reply = likeState(post.id, userId);
      if (liked === like) return { reply };
      const data = { postId: post.id, userId, postAuthorId: post.author_id };
      const event: NewEvent = like ? { type: 'PostLiked', data } : { type: 'PostUnliked', data };
      const firstLike = like && version === 0 && userId !== post.author_id;
      return {
        appends: [appendTo(postLikeStreamId(post.id, userId), version, [event])],
        effects: firstLike
          ? postEmail(email, ({ actorName, postTitle }) => ({
              likerName: actorName,
              postTitle,
              postUrl: `${publicUrl}${postPath(post.id)}`,
            }))
          : [],
        reply,
      };
    },
  });

  /**
   * Counts one share of a post the member may see, unless its author turned sharing off. A
   * member's first share of the post queues the 'Content Shared' email to its author, if they
   * want it; sharing it again counts but does not write again.
   */
  const sharePost = defineCommand({
    name: 'posts.share',
    load: (input: { userId: string; postId: string; channel: ShareChannel }) => ({
      post: visiblePost(input.postId, input.userId),
      version: streamVersion(postShareStreamId(idOrNone(input.postId), input.userId)),
      email: postEmailRead(
        idOrNone(input.postId),
        input.userId,
        'post_shared',
        contentSharedTemplate.name,
      ),
    }),
    decide({ post: found, version, email }, { userId, channel }) {
      const post = requireVisible(found);
      if (!post.allow_sharing) throw forbidden('sharing-off', postsMessages.sharingOff);
      if (!post.share_admitted) {
        throw forbidden('sharing-not-allowed', postsMessages.sharingNotAllowed);
      }
      const firstShare = version === 0 && userId !== post.author_id;
      return {
        appends: [
          appendTo(postShareStreamId(post.id, userId), version, [
            {
              type: 'PostShared',
              data: { postId: post.id, userId, postAuthorId: post.author_id, channel },
            },
          ]),
        ],
        effects: firstShare
          ? postEmail(email, ({ actorName, postTitle }) => ({
              sharerName: actorName,
              contentTitle: postTitle,
              contentUrl: `${publicUrl}${postPath(post.id)}`,
            }))
          : [],
        reply: mapRead(
          first(
            qb
              .selectFrom('posts')
              .select(['id as postId', 'shares_count as shares', 'version'])
              .where('id', '=', post.id),
          ),
          (row) => row ?? null,
        ),
      };
    },
  });

  return { setPostLike, sharePost };
}

/**
 * Saves a post the member may see, or takes it off their saved list; idempotent. The answer
 * carries the version of the member's save stream, as the `post:saved` push does.
 */
export const setPostSave = defineCommand({
  name: 'posts.save',
  load: (input: { userId: string; postId: string; save: boolean }) => ({
    post: visiblePost(input.postId, input.userId),
    saved: exists(
      qb
        .selectFrom('saved_posts')
        .where('post_id', '=', idOrNone(input.postId))
        .where('user_id', '=', input.userId),
    ),
    version: streamVersion(postSaveStreamId(idOrNone(input.postId), input.userId)),
  }),
  decide({ post: found, saved, version }, { userId, save }) {
    const post = requireVisible(found);
    if (saved === save) return { result: { postId: post.id, savedByMe: save, version } };
    const data = { postId: post.id, userId };
    const event: NewEvent = save ? { type: 'PostSaved', data } : { type: 'PostUnsaved', data };
    return {
      appends: [appendTo(postSaveStreamId(post.id, userId), version, [event])],
      result: { postId: post.id, savedByMe: save, version: version + 1 },
    };
  },
});

/** Likes or unlikes a comment on a post the member may see; idempotent. */
export const setCommentLike = defineCommand({
  name: 'posts.commentLike',
  load: (input: { userId: string; commentId: string; like: boolean }) => ({
    comment: first(
      qb
        .selectFrom('comments as c')
        .innerJoin('posts as p', 'p.id', 'c.post_id')
        .select(['c.id', 'c.post_id', visibleToViewer(input.userId).as('visible')])
        .where('c.id', '=', idOrNone(input.commentId)),
    ),
    liked: exists(
      qb
        .selectFrom('comment_likes')
        .where('comment_id', '=', idOrNone(input.commentId))
        .where('user_id', '=', input.userId),
    ),
    version: streamVersion(commentLikeStreamId(idOrNone(input.commentId), input.userId)),
  }),
  decide({ comment, liked, version }, { userId, like }) {
    if (!comment || !comment.visible) throw notFound(postsMessages.commentNotFound);
    const reply = mapRead(
      first(
        qb
          .selectFrom('comments as c')
          .select([
            'c.id as commentId',
            'c.likes_count as likes',
            'c.version',
            sql<boolean>`exists (select 1 from comment_likes l
              where l.comment_id = c.id and l.user_id = ${userId}::uuid)`.as('likedByMe'),
          ])
          .where('c.id', '=', comment.id),
      ),
      (row) => row ?? null,
    );
    if (liked === like) return { reply };
    const data = { postId: comment.post_id, commentId: comment.id, userId };
    const event: NewEvent = like
      ? { type: 'CommentLiked', data }
      : { type: 'CommentUnliked', data };
    return {
      appends: [appendTo(commentLikeStreamId(comment.id, userId), version, [event])],
      reply,
    };
  },
});
