import type { CommunityRole } from './constants';

/**
 * A member's standing in one community, from what the community's rows know of them: each post
 * or reply there counts 10 and each like their content received there 2. The level rises with
 * the square root, so early levels come quickly and later ones need ever more: level n starts at
 * 10 × (n - 1)² points (level 2 at 10, 3 at 40, 4 at 90, ...).
 */
export function reputationOf(posts: number, likesReceived: number): number {
  return posts * 10 + likesReceived * 2;
}

export function levelOf(reputation: number): number {
  return Math.floor(Math.sqrt(Math.max(0, reputation) / 10)) + 1;
}

/** The badge a role shows beside the member's name (`001` §6); plain members show none. */
export const ROLE_BADGES: Record<CommunityRole, string | null> = {
  admin: 'Admin',
  moderator: 'Moderator',
  vip: 'VIP',
  newcomer: 'Newcomer',
  member: null,
};

export function badgesOf(role: CommunityRole): string[] {
  const badge = ROLE_BADGES[role];
  return badge === null ? [] : [badge];
}

/** The share of members active lately, in whole percent; 0 for a community with no members. */
export function engagementPercent(activeMembers: number, members: number): number {
  if (members <= 0) return 0;
  return Math.round((Math.min(activeMembers, members) / members) * 100);
}
