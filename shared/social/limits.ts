/** Limits and constants of the friend, message and notification services (000 §9, 001 §9). */
export const FRIEND_REQUESTS_PER_DAY = 100;
export const FRIEND_REQUEST_MESSAGE_MAX = 500;
export const NEW_FRIENDSHIP_TRUST_LEVEL = 50;
export const FRIEND_PERMISSIONS = ['read', 'write', 'search', 'delete'] as const;
export const MAX_CONVERSATIONS_PER_MEMBER = 1000;
export const MAX_MESSAGES_PER_CONVERSATION = 10_000;
export const MAX_NOTIFICATIONS_PER_MEMBER = 1000;
export const MESSAGE_CONTENT_MAX = 5000;
export const MESSAGES_PAGE = { default: 30, max: 100 } as const;
export const NOTIFICATIONS_PAGE = 20;
export const PEOPLE_SEARCH_LIMIT = { default: 10, max: 50 } as const;
export const SEARCH_QUERY_MAX = 100;
export const SUGGESTIONS_LIMIT = 20;
/** A member whose tabs have all been hidden or idle for this long is away. */
export const PRESENCE_AWAY_AFTER_MS = 5 * 60 * 1000;
/** Typing indicators fade this long after the last keystroke signal. */
export const TYPING_TTL_MS = 4000;
