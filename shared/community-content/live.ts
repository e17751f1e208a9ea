import { z } from 'zod';
import { communityPostSchema, discussionReplySchema, discussionSchema } from './schemas';

export * from './live-events';

/** Pushed to the community's room: the same for every viewer. */
export const discussionPayloadSchema = z.object({ discussion: discussionSchema });
export type DiscussionPayload = z.infer<typeof discussionPayloadSchema>;

export const replyPayloadSchema = z.object({
  communityId: z.uuid(),
  reply: discussionReplySchema,
});
export type ReplyPayload = z.infer<typeof replyPayloadSchema>;

export const discussionDeletedPayloadSchema = z.object({
  communityId: z.uuid(),
  discussionId: z.uuid(),
});
export type DiscussionDeletedPayload = z.infer<typeof discussionDeletedPayloadSchema>;

/** A post as every viewer sees it alike: whether the viewer liked it stays the client's. */
export const sharedCommunityPostSchema = communityPostSchema.omit({ likedByMe: true });
export type SharedCommunityPost = z.infer<typeof sharedCommunityPostSchema>;
export const communityPostPayloadSchema = z.object({ post: sharedCommunityPostSchema });
export type CommunityPostPayload = z.infer<typeof communityPostPayloadSchema>;

export const communityPostDeletedPayloadSchema = z.object({
  communityId: z.uuid(),
  postId: z.uuid(),
});
export type CommunityPostDeletedPayload = z.infer<typeof communityPostDeletedPayloadSchema>;
