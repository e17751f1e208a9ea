import type {
  CommunityPost,
  CommunityPostLikeState,
  CommunityPostPage,
  Discussion,
  DiscussionPage,
  DiscussionReply,
  DiscussionThread,
} from '../../../shared/community-content';
import type { SharedCommunityPost } from '../../../shared/community-content/live';

/*
 * How the hub's cached pages take a discussion, reply or post, from a push or from the answer to
 * the member's own write. Every item carries its row's version: an older one than the one held
 * changes nothing, so a late push never undoes a newer answer. New items join only the first
 * page (later pages hold older ones), and each page keeps the server's order.
 */

/** Sticky first, then by last activity, newest first; ties by id, as the server orders. */
export function discussionOrder(a: Discussion, b: Discussion): number {
  if (a.isSticky !== b.isSticky) return a.isSticky ? -1 : 1;
  if (a.lastActivityAt !== b.lastActivityAt) return a.lastActivityAt < b.lastActivityAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** Pinned first, then newest; ties by id. */
export function postOrder(a: { isPinned: boolean; timestamp: string; id: string }, b: typeof a) {
  if (a.isPinned !== b.isPinned) return a.isPinned ? -1 : 1;
  if (a.timestamp !== b.timestamp) return a.timestamp < b.timestamp ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export function mergeDiscussion(page: DiscussionPage, discussion: Discussion, first: boolean) {
  const index = page.discussions.findIndex((held) => held.id === discussion.id);
  if (index >= 0) {
    if (page.discussions[index]!.version >= discussion.version) return;
    page.discussions[index] = discussion;
  } else if (first) {
    page.discussions.push(discussion);
  } else {
    return;
  }
  page.discussions.sort(discussionOrder);
}

export function removeDiscussion(page: DiscussionPage, discussionId: string): void {
  page.discussions = page.discussions.filter((held) => held.id !== discussionId);
}

/** The thread's discussion (flags, counts, last reply), when newer than the one held. */
export function mergeThreadDiscussion(thread: DiscussionThread, discussion: Discussion): void {
  if (thread.discussion.id !== discussion.id) return;
  if (thread.discussion.version >= discussion.version) return;
  thread.discussion = discussion;
}

/**
 * A new reply joins the thread's last loaded page (replies are oldest first, so it belongs after
 * everything loaded only when nothing is left to load), once.
 */
export function mergeReply(thread: DiscussionThread, reply: DiscussionReply): void {
  if (thread.discussion.id !== reply.discussionId) return;
  if (thread.nextCursor !== null) return;
  if (thread.replies.some((held) => held.id === reply.id)) return;
  thread.replies.push(reply);
}

/**
 * A post from a push (the same for everyone) or an answer (with the member's own like). What
 * the member did to it stays theirs when a push does not say.
 */
export function mergePost(
  page: CommunityPostPage,
  post: CommunityPost | SharedCommunityPost,
  first: boolean,
): void {
  const index = page.posts.findIndex((held) => held.id === post.id);
  if (index >= 0) {
    const held = page.posts[index]!;
    if (held.version > post.version) return;
    if (held.version === post.version && !('likedByMe' in post)) return;
    page.posts[index] = {
      ...post,
      likedByMe: 'likedByMe' in post ? post.likedByMe : held.likedByMe,
    };
  } else if (first) {
    page.posts.push({ ...post, likedByMe: 'likedByMe' in post ? post.likedByMe : false });
  } else {
    return;
  }
  page.posts.sort(postOrder);
}

export function removePost(page: CommunityPostPage, postId: string): void {
  page.posts = page.posts.filter((held) => held.id !== postId);
}

/**
 * The member's like on a cached post: a guess while the request runs (one more or one less),
 * or the server's absolute state once it answers, unless a newer version is already held.
 */
export function likeApplied(
  page: CommunityPostPage,
  { postId, like, state }: { postId: string; like: boolean; state?: CommunityPostLikeState },
): void {
  const post = page.posts.find((held) => held.id === postId);
  if (!post) return;
  if (state) {
    post.likedByMe = state.likedByMe;
    if (state.version >= post.version) {
      post.likes = state.likes;
      post.version = state.version;
    }
    return;
  }
  if (post.likedByMe === like) return;
  post.likedByMe = like;
  post.likes = Math.max(0, post.likes + (like ? 1 : -1));
}

/** Splits the form's comma-separated tags: trimmed, non-empty, each once (001 §5). */
export function parseTags(input: string): string[] {
  return [
    ...new Set(
      input
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag.length > 0),
    ),
  ];
}
