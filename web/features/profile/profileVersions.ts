import type { Profile, ProfileStats } from '../../../shared/profiles';

export interface VersionedStats {
  stats: ProfileStats;
  version: number;
}

/**
 * A profile with stats from a push or a follow answer, only when they are newer than what it
 * shows: pushes and answers race, and an older count arriving last must not roll a tile back.
 * The same object comes back when nothing changes, so the cache records no update.
 */
export function withNewerStats(profile: Profile, update: VersionedStats): Profile {
  if (update.version <= profile.version) return profile;
  return { ...profile, stats: update.stats, version: update.version };
}

export interface FollowOutcome extends VersionedStats {
  followedByMe: boolean;
}

/**
 * The followee's profile after the viewer's follow or unfollow. Whether the viewer follows is
 * theirs alone and is taken as answered; the counts follow the version rule.
 */
export function withFollowOutcome(profile: Profile, outcome: FollowOutcome): Profile {
  const counted = withNewerStats(profile, outcome);
  if (counted.followedByMe === outcome.followedByMe) return counted;
  return { ...counted, followedByMe: outcome.followedByMe };
}
