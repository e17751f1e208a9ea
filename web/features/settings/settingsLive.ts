import { profileLiveEvents, settingsChangedPayloadSchema } from '../../../shared/profiles';
import { startAppListening } from '../../state/listener';
import { selectSignedInUserId } from '../auth';
import type { LiveFeature } from '../connection';
import { memberSettingsSaved, profileApi, storedSettingsAdopted } from '../profile';
import { appearanceAdopted, appearanceChangedHere, isNewerSettings } from '../theme';

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

// The top bar's theme toggle only says what changed (`appearanceChangedHere`); a signed-in
// member's change is stored here, so their other tabs and devices follow.
startAppListening({
  actionCreator: appearanceChangedHere,
  effect: async (action, api) => {
    if (selectSignedInUserId(api.getState()) === null) return;
    await api.dispatch(memberSettingsSaved({ appearance: action.payload }));
  },
});
