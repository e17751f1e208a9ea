import type { Friend, PresenceStatus, Privacy } from '../../../shared/social';

export type StatusFilter = 'all' | PresenceStatus;
export type PrivacyFilter = 'all' | Privacy;

export interface FriendFilters {
  status: StatusFilter;
  privacy: PrivacyFilter;
}

export const ALL_FRIENDS: FriendFilters = { status: 'all', privacy: 'all' };

/** Spec 000 §2: the choices of the two filters, in the order they are offered. */
export const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'online', label: 'Online' },
  { value: 'away', label: 'Away' },
  { value: 'offline', label: 'Offline' },
];

export const PRIVACY_FILTERS: readonly { value: PrivacyFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'public', label: 'Public' },
  { value: 'friendsOnly', label: 'Friends only' },
  { value: 'private', label: 'Private' },
];

export function isStatusFilter(value: string): value is StatusFilter {
  return STATUS_FILTERS.some((option) => option.value === value);
}

export function isPrivacyFilter(value: string): value is PrivacyFilter {
  return PRIVACY_FILTERS.some((option) => option.value === value);
}

/** The friends both filters let through, in the order given. */
export function filterFriends(friends: readonly Friend[], filters: FriendFilters): Friend[] {
  return friends.filter(
    ({ user }) =>
      (filters.status === 'all' || user.status === filters.status) &&
      (filters.privacy === 'all' || user.privacy === filters.privacy),
  );
}
