/*
 * The posts' socket event names and bound, without schemas: screens that watch posts use them
 * before the live channel (and zod) load.
 */

/** The most posts one socket follows at once: more than any screen shows. */
export const POSTS_WATCHED_MAX = 200;

/** Names of the posts' socket events, both directions. */
export const POSTS_SOCKET_EVENTS = {
  /** Client to server: the ids of every post on screen now, replacing the ones sent before. */
  watch: 'posts:watch',
  /** Server to client: a watched post's likes, comments and shares, the same for every watcher. */
  counts: 'post:counts',
  /** Server to client: a watched post's new content. */
  updated: 'post:updated',
  /** Server to client: a watched post is gone, or the member may no longer see it. */
  deleted: 'post:deleted',
  /**
   * Server to client: a friend published a post the member may see, or a member they read
   * reposted one.
   */
  new: 'post:new',
  /** Server to client: a repost told by `post:new` was undone. */
  repostUndone: 'post:repost-undone',
  /** Server to client: a comment was added to a watched post. */
  commentNew: 'comment:new',
  /** Server to client: a comment on a watched post was edited. */
  commentUpdated: 'comment:updated',
  /** Server to client: a comment (and its replies) left a watched post. */
  commentDeleted: 'comment:deleted',
  /** Server to client: a comment's like count on a watched post. */
  commentCounts: 'comment:counts',
  /** Server to client: the member saved a post or took it off their saved posts, in any tab. */
  saved: 'post:saved',
  /** Server to client: the likes the member's posts hold in all (Total Likes). */
  likesReceived: 'posts:likes-received',
} as const;
