import { COMMENT_MAX_DEPTH, type Comment } from '../../../../shared/posts';
import type { CommentNode } from '../commentThread';

/**
 * Reply is offered while the reply would still be within depth 3 (001 §4): a comment at depth 3
 * has none, as the server refuses a reply to it. Closed comments take every Reply away.
 */
export function canReply(comment: Pick<Comment, 'depth'>, commentsOpen: boolean): boolean {
  return commentsOpen && comment.depth < COMMENT_MAX_DEPTH;
}

/** Edit and Delete are offered only to the comment's author (001 §6). */
export function isOwnComment(comment: Comment, viewerId: string | null): boolean {
  return viewerId !== null && comment.author.id === viewerId;
}

/** Every reply under a comment, however deep: what hiding its replies takes out of sight. */
export function countReplies(node: CommentNode): number {
  return node.replies.reduce((sum, reply) => sum + 1 + countReplies(reply), 0);
}

/** The comments whose replies the viewer has hidden; every thread starts with all shown. */
export type HiddenReplies = ReadonlySet<string>;

export function toggleReplies(hidden: HiddenReplies, commentId: string): HiddenReplies {
  const next = new Set(hidden);
  if (!next.delete(commentId)) next.add(commentId);
  return next;
}

/** Shown again, e.g. once the viewer replies there, so their reply is in sight. */
export function revealReplies(hidden: HiddenReplies, commentId: string): HiddenReplies {
  if (!hidden.has(commentId)) return hidden;
  const next = new Set(hidden);
  next.delete(commentId);
  return next;
}

export function repliesToggleLabel(count: number, hidden: boolean): string {
  const replies = `${count} ${count === 1 ? 'reply' : 'replies'}`;
  return hidden ? `Show ${replies}` : `Hide ${replies}`;
}

export function commentsCountText(count: number): string {
  return `${count} ${count === 1 ? 'comment' : 'comments'}`;
}

/** `?focus=comment` puts the cursor in the comment box on arrival (000 §2). */
export function focusesComment(search: string): boolean {
  return new URLSearchParams(search).get('focus') === 'comment';
}
