/**
 * Limits of calendar events. The spec gives only the capacity's meaning (`001` §4); the lengths
 * are ours, in the manner of posts.
 */
export const EVENT_TITLE_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_LOCATION_MAX = 300;
/** As long as the chips input (shared with profiles) lets one be typed. */
export const EVENT_TAG_MAX = 60;
export const EVENT_TAGS_MAX = 10;
/** A capacity is a whole number of seats in this range. */
export const EVENT_CAPACITY_MIN = 1;
export const EVENT_CAPACITY_MAX = 100_000;
export const EVENT_SEARCH_MAX = 100;
/** Events one list answers; the newest first for the past, the soonest first otherwise. */
export const EVENTS_PAGE_MAX = 100;
/** Events a socket may watch at once for live attendee counts. */
export const EVENTS_WATCHED_MAX = 200;
/** Cards show at most 3 tags, then '+N' (`001` §9). */
export const EVENT_CARD_TAGS = 3;
