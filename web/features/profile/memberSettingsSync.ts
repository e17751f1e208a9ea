import type { MemberSettingsUpdate } from '../../../shared/profiles';
import type { AppThunk, RootState } from '../../state/store';
import { SAVE_FAILED, toastFailure } from '../../lib/settingsFeedback';
import { profileApi } from './profileApi';
import { appearanceAdopted } from '../theme';

/**
 * Reads the member's stored settings and applies their appearance: on every connect of the live
 * channel, so on sign-in the stored settings win over this browser's, and whatever changed while
 * the tab was offline shows.
 */
export const storedSettingsAdopted = (): AppThunk<Promise<void>> => async (dispatch) => {
  // One subscription held for the app's life keeps the settings cached: the live notifications
  // read the push switch from the cache whichever page is open.
  held?.unsubscribe();
  const request = dispatch(
    profileApi.endpoints.getMemberSettings.initiate(undefined, { forceRefetch: true }),
  );
  held = request;
  const { data } = await request;
  if (data) dispatch(appearanceAdopted(data.appearance));
};

let held: { unsubscribe(): void } | null = null;

/** Whether the member lets new notifications pop up (002 §3 push); on until known otherwise. */
export const selectPushAllowed = (state: RootState): boolean =>
  profileApi.endpoints.getMemberSettings.select()(state).data?.notifications.push ?? true;

/**
 * Stores a change, saying so when it fails; the answer replaces the cached settings (see
 * `updateMemberSettings`). Whether it was stored is the thunk's answer.
 */
export const memberSettingsSaved =
  (update: MemberSettingsUpdate): AppThunk<Promise<boolean>> =>
  async (dispatch) => {
    try {
      await dispatch(profileApi.endpoints.updateMemberSettings.initiate(update)).unwrap();
      return true;
    } catch (failure) {
      toastFailure(failure, SAVE_FAILED);
      return false;
    }
  };
