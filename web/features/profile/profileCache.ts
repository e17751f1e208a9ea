import type { Profile } from '../../../shared/profiles';
import type { AppThunk, RootState } from '../../state/store';
import { profileApi } from './profileApi';
import {
  withFollowOutcome,
  withNewerStats,
  type FollowOutcome,
  type VersionedStats,
} from './profileVersions';

const getProfile = profileApi.endpoints.getProfile;

/**
 * The store's type knows the tags of the base API only; the profile endpoints add theirs when they
 * load (`enhanceEndpoints`), so the state is the same object under a wider type.
 */
type ProfileApiState = Parameters<ReturnType<typeof getProfile.select>>[0];

export function cachedProfile(state: RootState, userId: string): Profile | undefined {
  return getProfile.select(userId)(state as ProfileApiState).data;
}

/** Replaces a cached profile with the next one, when there is one and it changed. */
function replaced(userId: string, next: (cached: Profile) => Profile): AppThunk {
  return (dispatch, getState) => {
    const cached = cachedProfile(getState(), userId);
    if (!cached) return;
    const updated = next(cached);
    if (updated !== cached) {
      dispatch(profileApi.util.updateQueryData('getProfile', userId, () => updated));
    }
  };
}

/** `profile:stats`: the counts of a watched profile, when newer than the cached ones. */
export const profileStatsReceived = (userId: string, update: VersionedStats): AppThunk =>
  replaced(userId, (cached) => withNewerStats(cached, update));

/** The answer of the viewer's follow or unfollow, onto the followee's cached profile. */
export const followOutcomeReceived = (userId: string, outcome: FollowOutcome): AppThunk =>
  replaced(userId, (cached) => withFollowOutcome(cached, outcome));
