/** Limits and constants of profiles, follows and member settings (000 §9, 002 §3, §9). */
export const DISPLAY_NAME_MAX = 80;
export const BIO_MAX = 1000;
export const PROFILE_SHORT_TEXT_MAX = 120;
export const PHONE_MAX = 40;
export const URL_MAX = 500;
export const LIST_ITEM_MAX = 60;
export const SKILLS_MAX = 50;
export const INTERESTS_MAX = 30;
export const LANGUAGES_MAX = 20;
export const CERTIFICATIONS_MAX = 30;
export const EXPERIENCE_MAX = 30;
export const EDUCATION_MAX = 20;
export const SOCIAL_LINKS_MAX = 10;
export const ENTRY_DESCRIPTION_MAX = 1000;
/** Profile cards show 5 skills then '+n more', and 3 interests (000 §9). */
export const CARD_SKILLS_SHOWN = 5;
export const CARD_INTERESTS_SHOWN = 3;
/** Avatar and banner are cropped and resized on the server to these sizes. */
export const AVATAR_SIZE = { width: 256, height: 256 } as const;
export const BANNER_SIZE = { width: 1200, height: 400 } as const;
/** Followers and following lists, a page at a time. */
export const FOLLOWS_PAGE = { default: 20, max: 100 } as const;
/** `GET /users?q=` answers 10 by default (002 §9). */
export const USERS_SEARCH_LIMIT = { default: 10, max: 50 } as const;
/** Profiles a socket may watch at once for live stats. */
export const PROFILES_WATCHED_MAX = 50;
/** A member's profile views by others are counted at most once per viewer in this window. */
export const PROFILE_VIEW_WINDOW_MS = 30 * 60 * 1000;
