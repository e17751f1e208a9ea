/** Enumerations of `001` §3 for communities and their content. */
export const COMMUNITY_CATEGORIES = [
  'technology',
  'health',
  'education',
  'business',
  'hobbies',
  'lifestyle',
  'sports',
  'arts',
  'gaming',
  'other',
] as const;
export type CommunityCategory = (typeof COMMUNITY_CATEGORIES)[number];

/**
 * public: anyone signed in reads it and joins; restricted: anyone sees the community, joining
 * waits for an admin's or moderator's approval and only members read its content; private: only
 * members and invitees see it at all, and one joins by invitation.
 */
export const COMMUNITY_PRIVACY = ['public', 'restricted', 'private'] as const;
export type CommunityPrivacy = (typeof COMMUNITY_PRIVACY)[number];

/** `001` §6. Admins and moderators manage: pin, lock, announce, approve members, change roles. */
export const COMMUNITY_ROLES = ['admin', 'moderator', 'vip', 'newcomer', 'member'] as const;
export type CommunityRole = (typeof COMMUNITY_ROLES)[number];
export const COMMUNITY_MANAGER_ROLES: readonly CommunityRole[] = ['admin', 'moderator'];

/** The category select of the hub's inline Create Post form (`001` §2 Community Hub). */
export const COMMUNITY_POST_CATEGORIES = [
  'general',
  'question',
  'discussion',
  'announcement',
  'showcase',
] as const;
export type CommunityPostCategory = (typeof COMMUNITY_POST_CATEGORIES)[number];

/** The hub's Latest Discussions and Upcoming Events panels show this many each. */
export const HUB_PANEL_ITEMS = 3;

/** Engagement on the hub: the share of members active (posted, replied, joined an event) lately. */
export const ENGAGEMENT_WINDOW_DAYS = 30;

export const COMMUNITY_ROOM_PREFIX = 'community:';
