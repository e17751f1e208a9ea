import { combineSlices, configureStore } from '@reduxjs/toolkit';
import type { OnboardingProgress } from '../../../shared/onboarding';
import { api } from '../../../web/state/api';
import type { AppDispatch, RootState } from '../../../web/state/store';
import { onboardingApi } from '../../../web/features/onboarding/onboardingApi';
import { onboardingLive } from '../../../web/features/onboarding/onboardingLive';

const ME = '10000000-0000-4000-8000-000000000001';

const progress = (over: Partial<OnboardingProgress> = {}): OnboardingProgress => ({
  userId: ME,
  currentStep: 1,
  totalSteps: 5,
  completionPercentage: 0,
  completedSteps: [],
  skippedSteps: [],
  steps: ['welcome', 'profile-basics', 'avatar-upload', 'security-setup', 'social-connections'],
  accountType: 'regular',
  startedAt: '2026-11-27T10:00:00.000Z',
  lastUpdated: '2026-11-27T10:00:00.000Z',
  completedAt: null,
  version: 1,
  ...over,
});

function makeStore() {
  const store = configureStore({
    reducer: combineSlices(api),
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const dispatch = store.dispatch as AppDispatch;
  const getState = () => store.getState() as unknown as RootState;
  const selectHeld = onboardingApi.endpoints.getOnboardingProgress.select(ME);
  // The store holds only the shared API slice, which is all this selector reads.
  const held = () =>
    selectHeld(store.getState() as unknown as Parameters<typeof selectHeld>[0]).data;
  const push = (payload: unknown) =>
    onboardingLive.handlers!['onboarding:progress']!(payload, dispatch, getState);
  return { store, dispatch, held, push };
}

describe('onboarding progress pushed from another tab', () => {
  it('replaces an older progress, keeps a newer one, and ignores a malformed push', async () => {
    const { store, dispatch, held, push } = makeStore();
    await dispatch(onboardingApi.util.upsertQueryData('getOnboardingProgress', ME, progress()));

    push({ progress: progress({ version: 3, currentStep: 3, completionPercentage: 40 }) });
    expect(held()).toMatchObject({ version: 3, currentStep: 3 });

    push({ progress: progress({ version: 2, currentStep: 2 }) });
    expect(held()).toMatchObject({ version: 3, currentStep: 3 });

    push({ progress: { userId: ME } });
    expect(held()).toMatchObject({ version: 3 });
    store.dispatch(api.util.resetApiState());
  });
});
