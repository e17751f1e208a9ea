/** The tabs of /friends, addressable as ?tab= (notifications link to ?tab=requests). */
export const FRIENDS_TABS = ['friends', 'requests', 'search', 'suggestions'] as const;
export type FriendsTab = (typeof FRIENDS_TABS)[number];

export const DEFAULT_FRIENDS_TAB: FriendsTab = 'friends';

export function isFriendsTab(value: string): value is FriendsTab {
  return (FRIENDS_TABS as readonly string[]).includes(value);
}

/** An unknown or missing ?tab= opens the Friends tab. */
export function friendsTabOf(param: string | null): FriendsTab {
  return param !== null && isFriendsTab(param) ? param : DEFAULT_FRIENDS_TAB;
}
