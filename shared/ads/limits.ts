/** The ad layer's constants (002 §3 Advertising, §4 Ad rotation, §9 Ads and Layout). */

/** A placement's rotation interval as seeded: the shortest wait before its next ad. */
export const ROTATION_INTERVAL_MS = 3000;
/**
 * The random rotation timer runs 3000 to 8000 ms (002 §9): each wait is the placement's interval
 * plus up to this much more, drawn anew for every ad.
 */
export const ROTATION_RANDOM_SPREAD_MS = 5000;
/** The cross-fade between two ads. */
export const FADE_MS = 300;
/** The floating card's indicator dots, one per ad position, always six. */
export const INDICATOR_DOTS = 6;
/** A window this wide or narrower is mobile for device targeting. */
export const MOBILE_MAX_WIDTH = 768;

/** An impression counts once an ad has been at least half visible for a whole second. */
export const IMPRESSION_VISIBLE_RATIO = 0.5;
export const IMPRESSION_VISIBLE_MS = 1000;
/** Impressions and clicks a client sends in one batch, at most, and how often it sends. */
export const AD_EVENTS_BATCH_MAX = 100;
export const AD_EVENTS_FLUSH_MS = 5000;

/** The demo pages: inline ads cycle 4 pages every 5 s, floating ads 6 variations every 8 s. */
export const DEMO_INLINE_PAGES = 4;
export const DEMO_INLINE_CYCLE_MS = 5000;
export const DEMO_FLOATING_VARIATIONS = 6;
export const DEMO_FLOATING_CYCLE_MS = 8000;
/** Sample prices per month on the demo sponsor cards. */
export const DEMO_PRICES = [29.99, 49.99, 79.99] as const;

/** What an owner may write into an ad definition. */
export const AD_TITLE_MAX = 80;
export const AD_DESCRIPTION_MAX = 300;
export const AD_FEATURE_MAX = 80;
export const AD_FEATURES_MAX = 6;
export const AD_BUTTON_MAX = 30;
export const AD_BADGE_MAX = 20;
export const AD_PRIORITY_MAX = 1000;
export const AD_UNIT_ID_MAX = 64;
