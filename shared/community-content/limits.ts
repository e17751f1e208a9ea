/**
 * Limits of discussions and community posts. The spec gives none; these are ours, in line with
 * posts and comments.
 */
export const DISCUSSION_TITLE_MAX = 200;
export const DISCUSSION_CONTENT_MAX = 20_000;
export const REPLY_MAX = 5000;
export const COMMUNITY_POST_MAX = 5000;
export const DISCUSSION_CATEGORY_MAX = 50;
export const CONTENT_TAG_MAX = 40;
export const MAX_CONTENT_TAGS = 10;
/** The hub's lists load this many at a time. */
export const DISCUSSIONS_PAGE = { default: 20, max: 50 } as const;
export const REPLIES_PAGE = { default: 50, max: 100 } as const;
export const COMMUNITY_POSTS_PAGE = { default: 20, max: 50 } as const;
