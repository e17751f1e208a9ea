import { z } from 'zod';

/** The member's repost of a post, with the post's absolute count and its version. */
export const repostStateSchema = z.object({
  postId: z.uuid(),
  reposts: z.number().int().nonnegative(),
  repostedByMe: z.boolean(),
  version: z.number().int(),
});
export type RepostState = z.infer<typeof repostStateSchema>;

/** Who reposted a post into the reader's home feed. */
export const repostedBySchema = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string(),
});
export type RepostedBy = z.infer<typeof repostedBySchema>;

/** The original a quote embeds, small: what a card shows of it. */
export const quotedPostSchema = z.object({
  id: z.uuid(),
  author: z.object({
    id: z.uuid(),
    username: z.string(),
    displayName: z.string(),
    avatar: z.string().nullable(),
  }),
  title: z.string(),
  excerpt: z.string(),
  publishedAt: z.iso.datetime().nullable(),
});
export type QuotedPost = z.infer<typeof quotedPostSchema>;

/** A quote's original as its reader gets it: gone, or one they may not see, is unavailable. */
export const quoteSchema = z.union([quotedPostSchema, z.object({ unavailable: z.literal(true) })]);
export type Quote = z.infer<typeof quoteSchema>;

export const repostsMessages = {
  notPublished: 'Only a published post can be reposted.',
  quoteNotPublished: 'A quote is published as it is created.',
  quoteUnavailable: 'The post you are quoting is unavailable.',
  unavailable: 'This post is unavailable',
} as const;
