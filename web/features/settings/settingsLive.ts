import { profileLiveEvents, settingsChangedPayloadSchema } from '../../../shared/profiles';
import type { LiveFeature } from '../connection/liveFeature';
import { profileApi } from '../profile/profileApi';
import { appearanceAdopted, isNewerSettings } from '../theme/themeSlice';
import { storedSettingsAdopted } from './memberSettingsSync';

const selectSettings = profileApi.endpoints.getMemberSettings.select();

/**
 * `settings:changed`: a change made in another tab or on another device. Theme and font size
 * apply at once; the cache keeps the newest version, so a late push never undoes a newer answer.
 */
export const settingsLive: LiveFeature = {
  name: 'settings',
  handlers: {
    [profileLiveEvents.settings]: (payload, dispatch, getState) => {
      const parsed = settingsChangedPayloadSchema.safeParse(payload);
      if (!parsed.success) return;
      if (!isNewerSettings(selectSettings(getState()).data, parsed.data)) return;
      dispatch(profileApi.util.upsertQueryData('getMemberSettings', undefined, parsed.data));
      dispatch(appearanceAdopted(parsed.data.appearance));
    },
  },
  resync(dispatch) {
    void dispatch(storedSettingsAdopted());
  },
};
