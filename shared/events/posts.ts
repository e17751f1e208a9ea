import { z } from 'zod';
import {
  COMMENT_MAX,
  COMMENT_MAX_DEPTH,
  CONTENT_MAX,
  MAX_CATEGORIES,
  MAX_POST_MEDIA,
  MAX_POST_TAGS,
  TITLE_MAX,
} from '../posts/limits';
import { contentTypeSchema } from '../content/schemas';
import { postStatusSchema, postVisibilitySchema, shareChannelSchema } from '../posts/schemas';

/**
 * What a post says, whole: the draft carries it and every edit carries it again, so a post's
 * content is its last such event and nothing needs merging on replay.
 */
const postContent = {
  title: z.string().max(TITLE_MAX),
  content: z.string().max(CONTENT_MAX),
  excerpt: z.string(),
  featuredImage: z.string().nullable(),
  location: z.string().nullable(),
  visibility: postVisibilitySchema,
  categories: z.array(z.string()).max(MAX_CATEGORIES),
  tags: z.array(z.string()).max(MAX_POST_TAGS),
  seoTitle: z.string(),
  seoDescription: z.string(),
  allowComments: z.boolean(),
  allowSharing: z.boolean(),
  wordCount: z.number().int().min(0),
  readTime: z.number().int().min(0),
  /** The attached files in order; absent in events from before media, which had none. */
  mediaIds: z.array(z.uuid()).max(MAX_POST_MEDIA).optional(),
  /** The content API's type; absent in events from before it, which were all posts. */
  contentType: contentTypeSchema.optional(),
};

const pair = { postId: z.uuid(), userId: z.uuid() };
/** What a member does to someone's post names its author: whom it notifies, whose total moves. */
const onPost = { ...pair, postAuthorId: z.uuid() };

/**
 * A post's life is its stream, `post-<id>`. What members do to it lives in streams of the
 * member and the thing (`post-like-<post>-<member>`, `comment-<id>`, ...), so a thousand
 * members liking one post never contend for one stream version.
 */
/** Shared with the content API's import, which creates a post with all of it at once. */
export { postContent };

export const postEvents = {
  /** Every post starts here, as a draft or kept private; `number` counts the author's posts. */
  PostDrafted: z.strictObject({
    postId: z.uuid(),
    authorId: z.uuid(),
    number: z.number().int().positive(),
    status: z.enum(['draft', 'private']),
    ...postContent,
  }),
  /** The post becomes visible by its visibility; its first publication time is kept. */
  PostPublished: z.strictObject({ postId: z.uuid(), authorId: z.uuid() }),
  /** New content; `status` moves only between draft, private and (already) published. */
  PostEdited: z.strictObject({
    postId: z.uuid(),
    authorId: z.uuid(),
    status: postStatusSchema,
    ...postContent,
  }),
  PostDeleted: z.strictObject({ postId: z.uuid(), authorId: z.uuid() }),
  /**
   * Into the trash (`DELETE /content/{id}`): nobody reads it, the author included, until it is
   * restored or purged after retention (`PostDeleted`). `actorId` is the author or an owner.
   */
  PostTrashed: z.strictObject({ postId: z.uuid(), authorId: z.uuid(), actorId: z.uuid() }),
  /** Out of the trash, as it was. */
  PostUntrashed: z.strictObject({ postId: z.uuid(), authorId: z.uuid(), actorId: z.uuid() }),
  PostLiked: z.strictObject(onPost),
  PostUnliked: z.strictObject(onPost),
  CommentAdded: z.strictObject({
    postId: z.uuid(),
    postAuthorId: z.uuid(),
    commentId: z.uuid(),
    authorId: z.uuid(),
    parentId: z.uuid().nullable(),
    depth: z.number().int().min(0).max(COMMENT_MAX_DEPTH),
    content: z.string().min(1).max(COMMENT_MAX),
  }),
  CommentEdited: z.strictObject({
    postId: z.uuid(),
    commentId: z.uuid(),
    content: z.string().min(1).max(COMMENT_MAX),
  }),
  /** Takes the comment's replies with it. */
  CommentDeleted: z.strictObject({ postId: z.uuid(), commentId: z.uuid() }),
  CommentLiked: z.strictObject({ postId: z.uuid(), commentId: z.uuid(), userId: z.uuid() }),
  CommentUnliked: z.strictObject({ postId: z.uuid(), commentId: z.uuid(), userId: z.uuid() }),
  PostSaved: z.strictObject(pair),
  PostUnsaved: z.strictObject(pair),
  PostShared: z.strictObject({ ...onPost, channel: shareChannelSchema }),
  /** Views arrive counted in batches, never one event per view. */
  PostViewed: z.strictObject({ postId: z.uuid(), views: z.number().int().positive() }),
};
