/**
 * What the hub (`/community`) hands each of its sections: the discussions, posts and events tabs
 * and the overview's Latest Discussions and Upcoming Events panels, which live in the features
 * that own that content (`community-content`, `calendar`).
 */
export interface HubSectionProps {
  communityId: string;
  /** An active member: may start discussions, post, reply, like and RSVP. */
  isMember: boolean;
  /** An active admin or moderator: pins, locks, announces. */
  canManage: boolean;
  /** Moves the hub to one of its tabs (a panel's "View all"). */
  openTab: (tab: 'overview' | 'members' | 'discussions' | 'events' | 'posts') => void;
}
