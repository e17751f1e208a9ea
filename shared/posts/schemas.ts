import { z } from 'zod';
import { quoteSchema, repostedBySchema } from '../reposts';
import { idField } from '../api/ids';
import { text } from '../api/text';
import { mediaFileSchema } from '../media/schemas';
import { linkPreviewSchema } from '../link-previews';
import { mentionSchema } from '../mentions';
import {
  CATEGORY_MAX,
  COMMENT_MAX,
  CONTENT_MAX,
  EXCERPT_MAX,
  FEATURED_IMAGE_URL_MAX,
  FEED_PAGE,
  LOCATION_MAX,
  MAX_CATEGORIES,
  MAX_POST_MEDIA,
  MAX_POST_TAGS,
  MY_POSTS_PAGE,
  POST_SEARCH_MAX,
  POST_TAG_MAX,
  PROFILE_POSTS_PAGE,
  SAVED_PAGE,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  TITLE_MAX,
  TRENDING_PAGE,
  VIDEOS_PAGE,
} from './limits';
import { postsMessages } from './messages';

/** Draft, published, or kept to the author (001 §4). */
export const postStatusSchema = z.enum(['draft', 'published', 'private']);
export type PostStatus = z.infer<typeof postStatusSchema>;

/** Who may see a published post (001 §4); drafts and private posts are the author's alone. */
export const postVisibilitySchema = z.enum(['public', 'friendsOnly', 'private']);
export type PostVisibility = z.infer<typeof postVisibilitySchema>;

/** A category or tag: trimmed, non-empty, no duplicates in one post (001 §5). */
const label = (name: string, max: number) =>
  text({
    trim: true,
    required: `A ${name} cannot be blank`,
    max,
    maxMessage: `A ${name} is at most ${max} characters`,
  }).regex(/^[^\p{C}]+$/u, `A ${name} cannot contain control characters`);

const labels = (name: string, max: number, count: number) =>
  z
    .array(label(name, max))
    .max(count, `At most ${count} ${name === 'category' ? 'categories' : 'tags'}`)
    .transform((all) => [...new Set(all)]);

/** The featured image's URL, as the upload endpoint answered it (`location`). */
const imageUrl = text({ trim: true, max: FEATURED_IMAGE_URL_MAX }).regex(
  /^(https?:\/\/|\/)\S*$/,
  'The featured image must be a URL',
);

/** The member's own images and videos attached to the post, in the order shown; no repeats. */
const mediaIds = z
  .array(idField())
  .max(MAX_POST_MEDIA, `At most ${MAX_POST_MEDIA} images and videos`)
  .transform((ids) => [...new Set(ids)]);

/**
 * A post's editable fields, each optional: a draft may be saved with anything blank, and the
 * rules of publishing (title first, then content) are the decision's, since they depend on the
 * status the post ends in.
 */
const postFields = {
  title: text({ trim: true, max: TITLE_MAX }),
  content: text({ max: CONTENT_MAX }),
  excerpt: text({ trim: true, max: EXCERPT_MAX }),
  featuredImage: imageUrl.nullable(),
  location: text({ trim: true, max: LOCATION_MAX }).nullable(),
  status: postStatusSchema,
  visibility: postVisibilitySchema,
  categories: labels('category', CATEGORY_MAX, MAX_CATEGORIES),
  tags: labels('tag', POST_TAG_MAX, MAX_POST_TAGS),
  seoTitle: text({ trim: true, max: SEO_TITLE_MAX }),
  seoDescription: text({ trim: true, max: SEO_DESCRIPTION_MAX }),
  allowComments: z.boolean(),
  allowSharing: z.boolean(),
  mediaIds,
};

/** `POST /posts`: the editor starts as a draft with visibility public (001 §4). */
export const createPostSchema = z.strictObject({
  title: postFields.title.default(''),
  content: postFields.content.default(''),
  excerpt: postFields.excerpt.default(''),
  featuredImage: postFields.featuredImage.default(null),
  location: postFields.location.default(null),
  status: postFields.status.default('draft'),
  visibility: postFields.visibility.default('public'),
  categories: postFields.categories.default([]),
  tags: postFields.tags.default([]),
  seoTitle: postFields.seoTitle.default(''),
  seoDescription: postFields.seoDescription.default(''),
  allowComments: postFields.allowComments.default(true),
  allowSharing: postFields.allowSharing.default(true),
  mediaIds: postFields.mediaIds.default([]),
  /** False when the author removed the link's card in the editor: none is fetched. */
  linkPreview: z.boolean().default(true),
  /** The post this one quotes, embedded in it; a quote is published as it is created. */
  quoteOf: z.uuid().optional(),
});
export type CreatePost = z.output<typeof createPostSchema>;

/** `PATCH /posts/{id}`: only the fields sent change. */
export const patchPostSchema = z
  .strictObject({
    title: postFields.title.optional(),
    content: postFields.content.optional(),
    excerpt: postFields.excerpt.optional(),
    featuredImage: postFields.featuredImage.optional(),
    location: postFields.location.optional(),
    status: postFields.status.optional(),
    visibility: postFields.visibility.optional(),
    categories: postFields.categories.optional(),
    tags: postFields.tags.optional(),
    seoTitle: postFields.seoTitle.optional(),
    seoDescription: postFields.seoDescription.optional(),
    allowComments: postFields.allowComments.optional(),
    allowSharing: postFields.allowSharing.optional(),
    mediaIds: postFields.mediaIds.optional(),
    /** False when the author removed the link's card in the editor before publishing. */
    linkPreview: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: postsMessages.nothingToChange });
export type PatchPost = z.output<typeof patchPostSchema>;

export const postAuthorSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
});
export type PostAuthor = z.infer<typeof postAuthorSchema>;

/**
 * An image or video attached to a post, as the files' presenter describes it, without what only
 * its owner's library shows (stars, tags, views, size). Its URLs are unsigned: whoever may see
 * the post may load the file (`/cdn` asks the relations policy), and nobody else.
 */
export const postMediaSchema = mediaFileSchema
  .pick({
    id: true,
    key: true,
    name: true,
    mimeType: true,
    url: true,
    thumbnailUrl: true,
    posterUrl: true,
    dimensions: true,
    duration: true,
    description: true,
  })
  .extend({ kind: z.enum(['image', 'video']) });
export type PostMedia = z.infer<typeof postMediaSchema>;

/**
 * Why a moderator took content out of others' sight, shown to its author only (nobody else
 * reads hidden content); absent while the content is visible.
 */
export const contentModerationSchema = z.object({
  state: z.enum(['hidden', 'removed']),
  reason: z.string(),
});
export type ContentModeration = z.infer<typeof contentModerationSchema>;

/** One post as every screen and push sees it (000 §3 Post, 001 §3 Post (my posts)). */
export const postSchema = z.object({
  id: z.uuid(),
  /** The post's number among its author's posts, from 1. */
  number: z.number().int().positive(),
  author: postAuthorSchema,
  title: z.string(),
  content: z.string(),
  excerpt: z.string(),
  featuredImage: z.string().nullable(),
  media: z.array(postMediaSchema),
  location: z.string().nullable(),
  status: postStatusSchema,
  visibility: postVisibilitySchema,
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  seoTitle: z.string(),
  seoDescription: z.string(),
  allowComments: z.boolean(),
  allowSharing: z.boolean(),
  wordCount: z.number().int().nonnegative(),
  /** Minutes: words divided by 200, rounded up (001 §5). */
  readTime: z.number().int().nonnegative(),
  views: z.number().int().nonnegative(),
  likes: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  shares: z.number().int().nonnegative(),
  reposts: z.number().int().nonnegative(),
  quotes: z.number().int().nonnegative(),
  likedByMe: z.boolean(),
  savedByMe: z.boolean(),
  repostedByMe: z.boolean(),
  createdAt: z.iso.datetime(),
  publishedAt: z.iso.datetime().nullable(),
  editedAt: z.iso.datetime().nullable(),
  moderation: contentModerationSchema.optional(),
  /** The card of the post's first link, fetched after it was published; null while none. */
  linkPreview: linkPreviewSchema.nullable(),
  /** The members its text mentions, so `@name` links to them. */
  mentions: z.array(mentionSchema),
  /** The post it quotes, as this reader may see it; null when it quotes none. */
  quote: quoteSchema.nullable(),
  /** Rises with every change to the post or its counts: a client keeps the highest it saw. */
  version: z.number().int(),
});
export type Post = z.infer<typeof postSchema>;

const cursorField = text({ max: 200 });

/** `GET /feed`: 20 first, then 5 more each time (000 §4); the cursor comes from the last page. */
export const feedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(FEED_PAGE.max).default(FEED_PAGE.default),
  cursor: cursorField.optional(),
});
export const feedPageSchema = z.object({
  posts: z.array(postSchema),
  /** Null at the end of the feed. */
  nextCursor: z.string().nullable(),
});
export type FeedPage = z.infer<typeof feedPageSchema>;

/**
 * `GET /feed`: a feed page, and why posts from authors the member does not read are there: the
 * tag they follow that brought each one (shown "because you follow #tag").
 */
export const homeFeedPageSchema = feedPageSchema.extend({
  followedTags: z.record(z.uuid(), z.string()),
  /** For a post a member the reader reads reposted into the feed: who ("Ana reposted"). */
  repostedBy: z.record(z.uuid(), repostedBySchema),
});
export type HomeFeedPage = z.infer<typeof homeFeedPageSchema>;

/** `GET /saved`: a page of saved posts and when each was saved (001 §3 savedDate). */
export const savedPageSchema = feedPageSchema.extend({
  savedAt: z.record(z.uuid(), z.iso.datetime()),
});
export type SavedPage = z.infer<typeof savedPageSchema>;

/** `GET /videos`: published posts with a video the viewer may see, newest first (001 §2). */
export const videosQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(VIDEOS_PAGE.max).default(VIDEOS_PAGE.default),
  cursor: cursorField.optional(),
});

export const trendingWindowSchema = z.enum(['24h', '7d']);
export type TrendingWindow = z.infer<typeof trendingWindowSchema>;
/** `GET /trending`: the viewer's posts to see, ranked over the window (001 §2 Trending). */
export const trendingQuerySchema = z.object({
  window: trendingWindowSchema.default('24h'),
  limit: z.coerce.number().int().min(1).max(TRENDING_PAGE.max).default(TRENDING_PAGE.default),
});
export const trendingSchema = z.object({
  window: trendingWindowSchema,
  /** Highest score first. */
  posts: z.array(postSchema),
});
export type Trending = z.infer<typeof trendingSchema>;

export const savedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(SAVED_PAGE.max).default(SAVED_PAGE.default),
  cursor: cursorField.optional(),
});

/** A page of a counted list: the profile's posts (002 §3) and My Posts. */
export const postListSchema = z.object({
  posts: z.array(postSchema),
  total: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});
export type PostList = z.infer<typeof postListSchema>;

const searchField = text({ trim: true, max: POST_SEARCH_MAX });

/** `GET /posts/mine`: the tabs all, published, draft, private and the filters of 001 §2. */
export const myPostsTabSchema = z.enum(['all', 'published', 'draft', 'private']);
export const myPostsQuerySchema = z.object({
  tab: myPostsTabSchema.default('all'),
  q: searchField.optional(),
  status: z.enum(['all', ...postStatusSchema.options]).default('all'),
  visibility: z.enum(['all', ...postVisibilitySchema.options]).default('all'),
  category: text({ trim: true, max: CATEGORY_MAX }).optional(),
  limit: z.coerce.number().int().min(1).max(MY_POSTS_PAGE.max).default(MY_POSTS_PAGE.default),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type MyPostsQuery = z.output<typeof myPostsQuerySchema>;

/** Statistics of My Posts (001 §2, §7). */
export const myPostsStatsSchema = z.object({
  totalPosts: z.number().int().nonnegative(),
  publishedPosts: z.number().int().nonnegative(),
  totalViews: z.number().int().nonnegative(),
  totalComments: z.number().int().nonnegative(),
});
export type MyPostsStats = z.infer<typeof myPostsStatsSchema>;

export const postSortSchema = z.enum(['newest', 'oldest', 'mostLiked', 'mostCommented']);
export type PostSort = z.infer<typeof postSortSchema>;

/** `GET /users/{id}/posts` (002 §3): blank `q` lists as if there were none (002 §5). */
export const userPostsQuerySchema = z.object({
  q: searchField.optional(),
  sortBy: postSortSchema.default('newest'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PROFILE_POSTS_PAGE.max)
    .default(PROFILE_POSTS_PAGE.default),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** The `nextCursor` of the page before, in place of `offset`: for the same sort and search. */
  cursor: cursorField.optional(),
});
export type UserPostsQuery = z.output<typeof userPostsQuerySchema>;

/**
 * `GET /users/{id}/posts`: the member's posts and reposts, each post once (a post of theirs they
 * reposted sorts at the repost). `reposted` is how many of `total` are reposts; `repostedBy`
 * names the reposter of each repost, as the home feed does.
 */
export const userPostsPageSchema = postListSchema.extend({
  reposted: z.number().int().nonnegative(),
  /** Null at the end of the list. */
  nextCursor: z.string().nullable(),
  repostedBy: z.record(z.uuid(), repostedBySchema),
});
export type UserPostsPage = z.infer<typeof userPostsPageSchema>;

/** A post's likes as the viewer sees them, absolute and versioned. */
export const postLikeStateSchema = z.object({
  postId: z.uuid(),
  likes: z.number().int().nonnegative(),
  likedByMe: z.boolean(),
  version: z.number().int(),
});
export type PostLikeState = z.infer<typeof postLikeStateSchema>;

/**
 * Whether the member has the post saved, with the version of their save of it (the count of
 * saves and removals so far): pushes carry the same counter, so a tab keeps the newest.
 */
export const saveStateSchema = z.object({
  postId: z.uuid(),
  savedByMe: z.boolean(),
  version: z.number().int().nonnegative(),
});
export type SaveState = z.infer<typeof saveStateSchema>;

/** Where a post was shared to: the Facebook sharer, the X intent, or a copied link (001 §7). */
export const shareChannelSchema = z.enum(['facebook', 'x', 'link']);
export type ShareChannel = z.infer<typeof shareChannelSchema>;
export const sharePostSchema = z.strictObject({ channel: shareChannelSchema });
export const shareStateSchema = z.object({
  postId: z.uuid(),
  shares: z.number().int().nonnegative(),
  version: z.number().int(),
});

const commentContent = text({
  error: postsMessages.commentBlank,
  required: postsMessages.commentBlank,
  max: COMMENT_MAX,
  maxMessage: `A comment is at most ${COMMENT_MAX} characters`,
});

export const addCommentSchema = z.strictObject({
  content: commentContent,
  parentId: idField().nullable().optional(),
});
export const editCommentSchema = z.strictObject({ content: commentContent });

/**
 * One comment (001 §3). Threads are answered flat, oldest first, each comment naming its parent
 * and depth: the client nests them, and a reply never arrives before the comment it answers.
 */
export const commentSchema = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  parentId: z.uuid().nullable(),
  /** 0 for a comment on the post, up to 3 for replies (001 §4). */
  depth: z.number().int().min(0),
  author: postAuthorSchema,
  content: z.string(),
  likes: z.number().int().nonnegative(),
  likedByMe: z.boolean(),
  createdAt: z.iso.datetime(),
  editedAt: z.iso.datetime().nullable(),
  moderation: contentModerationSchema.optional(),
  linkPreview: linkPreviewSchema.nullable(),
  mentions: z.array(mentionSchema),
  version: z.number().int(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentsSchema = z.object({ comments: z.array(commentSchema) });

export const commentLikeStateSchema = z.object({
  commentId: z.uuid(),
  likes: z.number().int().nonnegative(),
  likedByMe: z.boolean(),
  version: z.number().int(),
});
