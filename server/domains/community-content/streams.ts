/**
 * The stream ids of discussions and community posts, one function per category. A discussion's
 * and a post's own life are one stream each; a reply, a member's view of a discussion and a
 * member's like of a post are streams of their own, so members acting at once never contend.
 */
export const discussionStreamId = (id: string) => `discussion-${id}`;
export const discussionReplyStreamId = (id: string) => `discussion-reply-${id}`;
export const discussionViewStreamId = (discussionId: string, userId: string) =>
  `discussion-view-${discussionId}-${userId}`;
export const communityPostStreamId = (id: string) => `community-post-${id}`;
export const communityPostLikeStreamId = (postId: string, userId: string) =>
  `community-post-like-${postId}-${userId}`;
