/**
 * Limits and constants of posts and comments (000 §9, 001 §9, 002 §9). The spec gives no length
 * limits for a post's fields; the ones here are ours, generous enough for an article.
 */
export const TITLE_MAX = 200;
export const CONTENT_MAX = 50_000;
export const EXCERPT_MAX = 500;
export const LOCATION_MAX = 200;
export const SEO_TITLE_MAX = 200;
export const SEO_DESCRIPTION_MAX = 500;
export const FEATURED_IMAGE_URL_MAX = 2048;
export const CATEGORY_MAX = 50;
export const MAX_CATEGORIES = 10;
export const POST_TAG_MAX = 40;
export const MAX_POST_TAGS = 20;
export const COMMENT_MAX = 5000;
/** Replies nest to this depth; the top-level comment is depth 0 (001 §4, §9 maxDepth 3). */
export const COMMENT_MAX_DEPTH = 3;
/** Reading speed for the read time (001 §5, §9). */
export const WORDS_PER_MINUTE = 200;
/** The home feed loads 20 first, then 5 at a time (000 §4, §9). */
export const FEED_PAGE = { default: 20, more: 5, max: 50 } as const;
/** The profile posts page shows 10 at a time (002 §9). */
export const PROFILE_POSTS_PAGE = { default: 10, max: 50 } as const;
/** My Posts lists a member's own posts a page at a time. */
export const MY_POSTS_PAGE = { default: 50, max: 100 } as const;
export const SAVED_PAGE = { default: 20, max: 50 } as const;
export const POST_SEARCH_MAX = 100;
/** Images and videos attached to one post: as many as one upload takes (001 §9, max 10 files). */
export const MAX_POST_MEDIA = 10;
/** The video page loads 50 posts and shows up to 6 others (001 §7, §9). */
export const VIDEOS_PAGE = { default: 50, max: 50 } as const;
/** Trending ranks this many posts of the chosen window. */
export const TRENDING_PAGE = { default: 20, max: 50 } as const;
/** The windows trending ranks over, in hours. */
export const TRENDING_WINDOW_HOURS = { '24h': 24, '7d': 7 * 24 } as const;
