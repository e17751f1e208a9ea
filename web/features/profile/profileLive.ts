import {
  profileChangedPayloadSchema,
  profileLiveEvents,
  profileStatsPayloadSchema,
} from '../../../shared/profiles';
import type { LiveFeature } from '../connection';
import { profileApi } from './profileApi';
import { cachedProfile, profileStatsReceived } from './profileCache';
import { PROFILE_LIVE_FEATURE } from './profileLiveName';
import { watchedProfiles } from './watchedProfiles';

/**
 * Pushes about the profiles on screen (`useWatchProfiles`). Stats are absolute and versioned, as
 * this member may see them, so they patch the cached profile; any other change is refetched,
 * since what privacy lets each viewer see differs.
 */
export const profileLive: LiveFeature = {
  name: PROFILE_LIVE_FEATURE,
  handlers: {
    [profileLiveEvents.stats]: (payload, dispatch) => {
      const parsed = profileStatsPayloadSchema.safeParse(payload);
      if (parsed.success) dispatch(profileStatsReceived(parsed.data.userId, parsed.data));
    },
    [profileLiveEvents.changed]: (payload, dispatch, getState) => {
      const parsed = profileChangedPayloadSchema.safeParse(payload);
      if (!parsed.success) return;
      const { userId, version } = parsed.data;
      const cached = cachedProfile(getState(), userId);
      // The answer of the change's own command may already be cached: nothing new to fetch.
      if (cached && cached.version >= version) return;
      dispatch(profileApi.util.invalidateTags([{ type: 'Profile', id: userId }]));
    },
  },
  // Pushes missed while away are lost: what is on screen loads again, and the new connection
  // hears which profiles to follow.
  resync(dispatch) {
    dispatch(profileApi.util.invalidateTags(['Profile', 'Follows', 'Engagement']));
    watchedProfiles.resend();
  },
};
