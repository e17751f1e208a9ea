import { sql } from 'kysely';
import { isBlank } from '../../../shared/api/text';
import { COMMENT_MAX_DEPTH, postsMessages } from '../../../shared/posts';
import { appendTo, defineCommand } from '../../core/command';
import { forbidden, invalid, invalidField, notFound } from '../../core/errors';
import { first, streamVersionSql } from '../../core/reads';
import { qb } from '../../db/statement';
import { queueLinkPreview } from '../link-previews/preview-queue';
import { mentionOutcome } from '../mentions/mention-outcome';
import { commentMentionCandidates, mentionEmailRead } from '../mentions/mention-reads';
import { postNotFound } from './commands';
import { commentReply } from './comments-read';
import { audienceAdmits, visibleToViewer } from './posts-read';
import { commentStreamId, idOrNone } from './streams';

const commentNotFound = () => notFound(postsMessages.commentNotFound);
const notYourComment = () => forbidden('not-author', postsMessages.notYourComment);
const blankComment = () => invalidField('content', 'blank-comment', postsMessages.commentBlank);

/**
 * Adds a comment to a post the member may see, or a reply to one of its comments. Replies nest
 * to depth 3 (the comment on the post is depth 0); a reply to a depth-3 comment is refused.
 */
export const addComment = defineCommand({
  name: 'posts.comment',
  load: (input: {
    authorId: string;
    postId: string;
    commentId: string;
    parentId: string | null;
    content: string;
    publicUrl: string;
  }) => ({
    post: first(
      qb
        .selectFrom('posts as p')
        .select([
          'p.id',
          'p.author_id',
          'p.title',
          'p.allow_comments',
          visibleToViewer(input.authorId).as('visible'),
          audienceAdmits('comment', input.authorId).as('admitted'),
        ])
        .where('p.id', '=', idOrNone(input.postId)),
    ),
    parent: first(
      qb
        .selectFrom('comments')
        .select(['id', 'post_id', 'depth'])
        .where('id', '=', idOrNone(input.parentId ?? '')),
    ),
    mentionable: commentMentionCandidates(input),
    mentionEmail: mentionEmailRead(input.authorId),
  }),
  decide(
    { post, parent, mentionable, mentionEmail },
    { authorId, commentId, parentId, content, publicUrl },
  ) {
    if (!post || !post.visible) throw postNotFound();
    if (!post.allow_comments) throw forbidden('comments-off', postsMessages.commentsOff);
    if (!post.admitted) throw forbidden('comments-not-allowed', postsMessages.commentsNotAllowed);
    if (isBlank(content)) throw blankComment();
    let depth = 0;
    if (parentId !== null) {
      if (!parent) throw commentNotFound();
      if (parent.post_id !== post.id) {
        throw invalidField('parentId', 'parent-not-on-post', postsMessages.parentNotOnPost);
      }
      depth = parent.depth + 1;
      if (depth > COMMENT_MAX_DEPTH) throw invalid('reply-too-deep', postsMessages.replyTooDeep);
    }
    const mentions = mentionOutcome({
      postId: post.id,
      commentId,
      authorId,
      content,
      previous: [],
      published: true,
      recipients: mentionable,
      email: mentionEmail,
      postTitle: post.title,
      publicUrl,
    });
    return {
      appends: [
        appendTo(commentStreamId(commentId), 0, [
          {
            type: 'CommentAdded',
            data: {
              postId: post.id,
              postAuthorId: post.author_id,
              commentId,
              authorId,
              parentId,
              depth,
              content,
            },
          },
          ...mentions.events,
        ]),
      ],
      effects: [
        ...queueLinkPreview({ kind: 'comment', id: commentId, authorId }, content),
        ...mentions.effects,
      ],
      reply: commentReply(commentId, authorId),
    };
  },
});

/** The comment with its stream version and whether the actor may see its post. */
function commentState(commentId: string, actorId: string) {
  return first(
    qb
      .selectFrom('comments as c')
      .innerJoin('posts as p', 'p.id', 'c.post_id')
      .select([
        'c.id',
        'c.post_id',
        'c.author_id',
        'c.content',
        'c.mentions',
        'p.title as post_title',
        streamVersionSql(sql`'comment-' || c.id::text`).as('stream_version'),
        visibleToViewer(actorId).as('visible'),
      ])
      .where('c.id', '=', idOrNone(commentId)),
  );
}

type CommentState = NonNullable<ReturnType<ReturnType<typeof commentState>['pick']>>;

/** Only a comment's author edits or deletes it (001 §6), the post's author included. */
function ownComment(comment: CommentState | undefined, actorId: string): CommentState {
  if (!comment || !comment.visible) throw commentNotFound();
  if (comment.author_id !== actorId) throw notYourComment();
  return comment;
}

export const editComment = defineCommand({
  name: 'posts.commentEdit',
  load: (input: { actorId: string; commentId: string; content: string; publicUrl: string }) => ({
    comment: commentState(input.commentId, input.actorId),
    mentionable: commentMentionCandidates(input),
    mentionEmail: mentionEmailRead(input.actorId),
  }),
  decide({ comment: found, mentionable, mentionEmail }, { actorId, content, publicUrl }) {
    const comment = ownComment(found, actorId);
    if (isBlank(content)) throw blankComment();
    const unchanged = comment.content === content;
    const mentions = mentionOutcome({
      postId: comment.post_id,
      commentId: comment.id,
      authorId: actorId,
      content,
      previous: comment.mentions,
      published: true,
      recipients: mentionable,
      email: mentionEmail,
      postTitle: comment.post_title,
      publicUrl,
    });
    return {
      appends: unchanged
        ? []
        : [
            appendTo(commentStreamId(comment.id), comment.stream_version, [
              {
                type: 'CommentEdited',
                data: { postId: comment.post_id, commentId: comment.id, content },
              },
              ...mentions.events,
            ]),
          ],
      effects: [
        ...queueLinkPreview(
          { kind: 'comment', id: comment.id, authorId: actorId },
          content,
          comment.content,
        ),
        ...(unchanged ? [] : mentions.effects),
      ],
      reply: commentReply(comment.id, actorId),
    };
  },
});

/** Deletes the author's comment and every reply under it. */
export const deleteComment = defineCommand({
  name: 'posts.commentDelete',
  load: (input: { actorId: string; commentId: string }) => ({
    comment: commentState(input.commentId, input.actorId),
  }),
  decide({ comment: found }, { actorId }) {
    const comment = ownComment(found, actorId);
    return {
      appends: [
        appendTo(commentStreamId(comment.id), comment.stream_version, [
          { type: 'CommentDeleted', data: { postId: comment.post_id, commentId: comment.id } },
        ]),
      ],
      result: { commentId: comment.id },
    };
  },
});
