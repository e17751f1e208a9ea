import { onboardingLiveEvents, onboardingProgressPayloadSchema } from '../../../shared/onboarding';
import type { LiveFeature } from '../connection';
import { onboardingApi, progressReceived } from './onboardingApi';

/** Progress made in one of the member's tabs shows in the others at once. */
export const onboardingLive: LiveFeature = {
  name: 'onboarding',
  handlers: {
    [onboardingLiveEvents.progress]: (payload, dispatch) => {
      const parsed = onboardingProgressPayloadSchema.safeParse(payload);
      if (parsed.success) progressReceived(dispatch, parsed.data.progress);
    },
  },
  resync: (dispatch) => dispatch(onboardingApi.util.invalidateTags(['Onboarding'])),
};
