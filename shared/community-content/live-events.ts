/*
 * The socket event names of discussions and community posts, without schemas, so the hub's
 * screens can name them before zod loads.
 */
export const COMMUNITY_CONTENT_SOCKET_EVENTS = {
  /** A discussion started or changed (flags, replies count, last reply), with its version. */
  discussion: 'community:discussion',
  /** A reply was added to a discussion. */
  reply: 'community:reply',
  discussionDeleted: 'community:discussion-deleted',
  /** A post was created or changed (flags, likes), with its version. */
  post: 'community:post',
  postDeleted: 'community:post-deleted',
} as const;
