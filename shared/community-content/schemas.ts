import { z } from 'zod';
import { text } from '../api/text';
import { COMMUNITY_POST_CATEGORIES } from '../communities';
import { mentionSchema } from '../mentions';
import { postAuthorSchema } from '../posts/schemas';
import {
  COMMUNITY_POST_MAX,
  COMMUNITY_POSTS_PAGE,
  CONTENT_TAG_MAX,
  DISCUSSION_CATEGORY_MAX,
  DISCUSSION_CONTENT_MAX,
  DISCUSSION_TITLE_MAX,
  DISCUSSIONS_PAGE,
  MAX_CONTENT_TAGS,
  REPLIES_PAGE,
  REPLY_MAX,
} from './limits';
import { communityContentMessages as messages } from './messages';

/** A tag or a category: trimmed, non-empty, no control characters. */
const label = (name: string, max: number) =>
  text({
    trim: true,
    required: `A ${name} cannot be blank`,
    max,
    maxMessage: `A ${name} is at most ${max} characters`,
  }).regex(/^[^\p{C}]+$/u, `A ${name} cannot contain control characters`);

/** Tags as the form splits them at commas: trimmed, non-empty, each once (001 §5). */
export const contentTagsSchema = z
  .array(label('tag', CONTENT_TAG_MAX))
  .max(MAX_CONTENT_TAGS, `At most ${MAX_CONTENT_TAGS} tags`)
  .transform((all) => [...new Set(all)]);

export const communityPostCategorySchema = z.enum(COMMUNITY_POST_CATEGORIES);

export const startDiscussionSchema = z.strictObject({
  title: text({ trim: true, required: messages.titleRequired, max: DISCUSSION_TITLE_MAX }),
  content: text({ required: messages.contentRequired, max: DISCUSSION_CONTENT_MAX }),
  tags: contentTagsSchema.default([]),
  category: label('category', DISCUSSION_CATEGORY_MAX).default('general'),
});
export type StartDiscussion = z.output<typeof startDiscussionSchema>;

export const addReplySchema = z.strictObject({
  content: text({ required: messages.replyBlank, max: REPLY_MAX }),
});
export type AddReply = z.output<typeof addReplySchema>;

export const patchDiscussionSchema = z
  .strictObject({ isSticky: z.boolean().optional(), isLocked: z.boolean().optional() })
  .refine((patch) => patch.isSticky !== undefined || patch.isLocked !== undefined, {
    message: messages.nothingToChange,
  });
export type PatchDiscussion = z.output<typeof patchDiscussionSchema>;

export const createCommunityPostSchema = z.strictObject({
  category: communityPostCategorySchema.default('general'),
  content: text({ required: messages.postBlank, max: COMMUNITY_POST_MAX }),
  tags: contentTagsSchema.default([]),
});
export type CreateCommunityPost = z.output<typeof createCommunityPostSchema>;

export const patchCommunityPostSchema = z
  .strictObject({ isPinned: z.boolean().optional(), isAnnouncement: z.boolean().optional() })
  .refine((patch) => patch.isPinned !== undefined || patch.isAnnouncement !== undefined, {
    message: messages.nothingToChange,
  });
export type PatchCommunityPost = z.output<typeof patchCommunityPostSchema>;

const pageQuery = (page: { default: number; max: number }) =>
  z.strictObject({
    limit: z.coerce.number().int().min(1).max(page.max).default(page.default),
    cursor: text({ max: 200 }).optional(),
  });
export const discussionsQuerySchema = pageQuery(DISCUSSIONS_PAGE);
export const repliesQuerySchema = pageQuery(REPLIES_PAGE);
export const communityPostsQuerySchema = pageQuery(COMMUNITY_POSTS_PAGE);
export type PageQuery = z.output<typeof discussionsQuerySchema>;

export const contentAuthorSchema = postAuthorSchema;
export type ContentAuthor = z.infer<typeof contentAuthorSchema>;

/** 001 §3 Discussion: its replies count and last reply as the row keeps them. */
export const discussionSchema = z.object({
  id: z.uuid(),
  communityId: z.uuid(),
  title: z.string(),
  content: z.string(),
  author: contentAuthorSchema,
  timestamp: z.iso.datetime(),
  replies: z.number().int().nonnegative(),
  views: z.number().int().nonnegative(),
  tags: z.array(z.string()),
  category: z.string(),
  isSticky: z.boolean(),
  isLocked: z.boolean(),
  lastReply: z.object({ author: contentAuthorSchema, timestamp: z.iso.datetime() }).nullable(),
  /** The time the list is ordered by: the start or the last reply. */
  lastActivityAt: z.iso.datetime(),
  version: z.number().int().nonnegative(),
});
export type Discussion = z.infer<typeof discussionSchema>;

export const discussionReplySchema = z.object({
  id: z.uuid(),
  discussionId: z.uuid(),
  author: contentAuthorSchema,
  content: z.string(),
  /** The members its text mentions, so `@name` links to them. */
  mentions: z.array(mentionSchema),
  timestamp: z.iso.datetime(),
});
export type DiscussionReply = z.infer<typeof discussionReplySchema>;

export const discussionPageSchema = z.object({
  discussions: z.array(discussionSchema),
  nextCursor: z.string().nullable(),
});
export type DiscussionPage = z.infer<typeof discussionPageSchema>;

/** A discussion with a page of its replies, oldest first. */
export const discussionThreadSchema = z.object({
  discussion: discussionSchema,
  replies: z.array(discussionReplySchema),
  nextCursor: z.string().nullable(),
});
export type DiscussionThread = z.infer<typeof discussionThreadSchema>;

/** 001 §3 Community post, with what the viewer did to it. */
export const communityPostSchema = z.object({
  id: z.uuid(),
  communityId: z.uuid(),
  author: contentAuthorSchema,
  content: z.string(),
  /** The members its text mentions, so `@name` links to them. */
  mentions: z.array(mentionSchema),
  timestamp: z.iso.datetime(),
  likes: z.number().int().nonnegative(),
  likedByMe: z.boolean(),
  tags: z.array(z.string()),
  category: communityPostCategorySchema,
  isPinned: z.boolean(),
  isAnnouncement: z.boolean(),
  version: z.number().int().nonnegative(),
});
export type CommunityPost = z.infer<typeof communityPostSchema>;

export const communityPostPageSchema = z.object({
  posts: z.array(communityPostSchema),
  nextCursor: z.string().nullable(),
});
export type CommunityPostPage = z.infer<typeof communityPostPageSchema>;

export const communityPostLikeStateSchema = z.object({
  postId: z.uuid(),
  likes: z.number().int().nonnegative(),
  likedByMe: z.boolean(),
  version: z.number().int().nonnegative(),
});
export type CommunityPostLikeState = z.infer<typeof communityPostLikeStateSchema>;

export const deletedSchema = z.object({ id: z.uuid() });
