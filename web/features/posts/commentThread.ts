import type { Comment } from '../../../shared/posts';

/**
 * Puts a comment into a post's cached flat thread (oldest first), in place; an older or duplicate
 * state (a push that lost the race with the response) is ignored.
 */
export function upsertComment(thread: Comment[], incoming: Comment): void {
  const index = thread.findIndex((comment) => comment.id === incoming.id);
  const held = thread[index];
  if (held) {
    if (held.version >= incoming.version) return;
    thread[index] = incoming;
    return;
  }
  thread.push(incoming);
  thread.sort((a, b) =>
    a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1,
  );
}

/** Removes a comment and every reply under it, as the server does. */
export function removeComment(thread: Comment[], commentId: string): void {
  const removed = new Set([commentId]);
  // Replies come after their parent (oldest first), so one pass finds the whole subtree.
  for (const comment of thread) {
    if (comment.parentId && removed.has(comment.parentId)) removed.add(comment.id);
  }
  for (let i = thread.length - 1; i >= 0; i -= 1) {
    if (removed.has(thread[i]!.id)) thread.splice(i, 1);
  }
}

/** A comment's like count and the viewer's like; an older count is ignored. */
export function applyCommentLike(
  thread: Comment[],
  state: { commentId: string; likes: number; version: number; likedByMe?: boolean },
): void {
  const held = thread.find((comment) => comment.id === state.commentId);
  if (!held) return;
  if (state.likedByMe !== undefined) held.likedByMe = state.likedByMe;
  if (held.version < state.version) {
    held.likes = state.likes;
    held.version = state.version;
  }
}

export interface CommentNode {
  comment: Comment;
  replies: CommentNode[];
}

/** Nests the flat thread for display; a reply whose parent is missing is shown at the top. */
export function nestComments(thread: readonly Comment[]): CommentNode[] {
  const nodes = new Map<string, CommentNode>();
  const roots: CommentNode[] = [];
  for (const comment of thread) {
    const node: CommentNode = { comment, replies: [] };
    nodes.set(comment.id, node);
    const parent = comment.parentId ? nodes.get(comment.parentId) : undefined;
    (parent ? parent.replies : roots).push(node);
  }
  return roots;
}
