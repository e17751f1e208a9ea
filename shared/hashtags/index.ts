import { z } from 'zod';
import { text } from '../api/text';
import { postSchema } from '../posts/schemas';
import { HASHTAG_MAX, parseHashtag } from './parse';

export * from './live';
export * from './parse';

/** A tag page: 20 first, then 20 more each time. */
export const TAG_PAGE = { default: 20, max: 50 } as const;
/** Trending tags shown beside trending posts. */
export const TRENDING_TAGS = { default: 10, max: 30, windowHours: 24, halfLifeHours: 6 } as const;
/** The most tags one member follows: enough for any reader, bounded for the fan-out. */
export const FOLLOWED_TAGS_MAX = 200;

export const hashtagMessages = {
  badTag: 'A tag is letters, digits and underscores, with at least one letter.',
  tagTooLong: `A tag is at most ${HASHTAG_MAX} characters.`,
  tooManyFollowed: `You can follow at most ${FOLLOWED_TAGS_MAX} tags. Unfollow one to follow another.`,
  badCursor: 'The cursor is not one this list gave.',
} as const;

/** A tag as a path names it (with or without its `#`), normalised; a clear 400 otherwise. */
export const hashtagParamSchema = text({ max: 400 }).transform((raw, ctx) => {
  const parsed = parseHashtag(raw);
  if ('tag' in parsed) return parsed.tag;
  ctx.addIssue({
    code: 'custom',
    message: parsed.error === 'long' ? hashtagMessages.tagTooLong : hashtagMessages.badTag,
  });
  return z.NEVER;
});
export const hashtagParamsSchema = z.object({ tag: hashtagParamSchema });

/** `GET /tags/{tag}/posts`. */
export const tagPostsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TAG_PAGE.max).default(TAG_PAGE.default),
  cursor: text({ max: 200 }).optional(),
});

/** A tag's page: the posts with it that the viewer may see, newest first by feed order. */
export const tagPageSchema = z.object({
  tag: z.string(),
  /** Whether the viewer follows the tag, with the version of their follow's stream. */
  following: z.boolean(),
  followVersion: z.number().int().nonnegative(),
  posts: z.array(postSchema),
  /** Null at the end. */
  nextCursor: z.string().nullable(),
});
export type TagPage = z.infer<typeof tagPageSchema>;

/** A member's follow of a tag, absolute, with its stream's version (newest wins on a client). */
export const tagFollowStateSchema = z.object({
  tag: z.string(),
  following: z.boolean(),
  version: z.number().int().nonnegative(),
});
export type TagFollowState = z.infer<typeof tagFollowStateSchema>;

/** `GET /followed-tags`: the member's tags, newest follow first. */
export const followedTagsSchema = z.object({
  tags: z.array(z.object({ tag: z.string(), followedAt: z.iso.datetime() })),
});
export type FollowedTags = z.infer<typeof followedTagsSchema>;

export const trendingTagsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TRENDING_TAGS.max).default(TRENDING_TAGS.default),
});

/** `GET /trending/tags`: the last day's tags by distinct authors, decayed; highest first. */
export const trendingTagsSchema = z.object({
  tags: z.array(
    z.object({
      tag: z.string(),
      /** Distinct authors of the public posts with the tag in the window. */
      authors: z.number().int().nonnegative(),
      posts: z.number().int().nonnegative(),
      score: z.number(),
    }),
  ),
});
export type TrendingTags = z.infer<typeof trendingTagsSchema>;
