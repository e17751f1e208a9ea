import { z } from 'zod';
import { repostedBySchema } from '../reposts';
import { POSTS_WATCHED_MAX } from './live-events';
import { commentSchema, postSchema, saveStateSchema } from './schemas';

export * from './live-events';

export const watchPostsSchema = z.strictObject({
  postIds: z.array(z.uuid()).max(POSTS_WATCHED_MAX),
});
export type WatchPosts = z.infer<typeof watchPostsSchema>;

/**
 * The answer to a watch: the posts followed now (those sent that the member may see). A refused
 * message says why, and leaves what was followed as it was.
 */
export const watchPostsAckSchema = z.object({
  watching: z.array(z.uuid()),
  error: z.string().optional(),
});
export type WatchPostsAck = z.infer<typeof watchPostsAckSchema>;

export const postCountsPayloadSchema = z.object({
  postId: z.uuid(),
  likes: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  shares: z.number().int().nonnegative(),
  reposts: z.number().int().nonnegative(),
  quotes: z.number().int().nonnegative(),
  version: z.number().int(),
});
export type PostCountsPayload = z.infer<typeof postCountsPayloadSchema>;

/**
 * A post as every watcher sees it alike: what the viewer did to it (liked, saved, reposted) and
 * whether they may see the post it quotes are theirs alone, so the client keeps its own.
 */
export const sharedPostSchema = postSchema.omit({
  likedByMe: true,
  savedByMe: true,
  repostedByMe: true,
  quote: true,
});
export type SharedPost = z.infer<typeof sharedPostSchema>;
export const postUpdatedPayloadSchema = z.object({ post: sharedPostSchema });

/**
 * `post:saved` to every tab of the member: the save state, and while the post is saved, the post
 * as they see it (null if they may no longer see it) and when they saved it, so an open /saved
 * shows it in its place.
 */
export const savedStatePayloadSchema = saveStateSchema.extend({
  savedAt: z.iso.datetime().nullable(),
  post: postSchema.nullable(),
});
export type SavedStatePayload = z.infer<typeof savedStatePayloadSchema>;

export const postDeletedPayloadSchema = z.object({ postId: z.uuid() });

export const postNewPayloadSchema = z.object({
  postId: z.uuid(),
  authorId: z.uuid(),
  publishedAt: z.iso.datetime(),
  /** The followed tag that brings it into the member's feed, when they do not read its author. */
  followedTag: z.string().optional(),
  /** A repost brings it: who made it and when, which is where it sorts in the feed. */
  repost: z.object({ by: repostedBySchema, at: z.iso.datetime() }).optional(),
});
export type PostNewPayload = z.infer<typeof postNewPayloadSchema>;

/** `post:repost-undone`: the repost `repostedById` made of the post is taken back. */
export const repostUndonePayloadSchema = z.object({
  postId: z.uuid(),
  repostedById: z.uuid(),
});
export type RepostUndonePayload = z.infer<typeof repostUndonePayloadSchema>;

/** A comment as every watcher sees it alike; the viewer's own like stays the client's. */
export const sharedCommentSchema = commentSchema.omit({ likedByMe: true });
export type SharedComment = z.infer<typeof sharedCommentSchema>;
export const commentPayloadSchema = z.object({ comment: sharedCommentSchema });

export const commentDeletedPayloadSchema = z.object({
  postId: z.uuid(),
  commentId: z.uuid(),
});

export const commentCountsPayloadSchema = z.object({
  postId: z.uuid(),
  commentId: z.uuid(),
  likes: z.number().int().nonnegative(),
  version: z.number().int(),
});

/** The profile's Total Likes: the likes the member's posts hold, with the row's version. */
export const likesReceivedSchema = z.object({
  total: z.number().int().nonnegative(),
  version: z.number().int().nonnegative(),
});
export type LikesReceived = z.infer<typeof likesReceivedSchema>;
