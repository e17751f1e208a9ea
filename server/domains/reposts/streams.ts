/** Each member's reposts of one post are one stream, as their likes of it are. */
export const repostStreamId = (postId: string, userId: string) => `post-repost-${postId}-${userId}`;
