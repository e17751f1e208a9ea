import {
  onboardingProgressSchema,
  type OnboardingProgress,
  type OnboardingStepRequest,
  type StartOnboarding,
} from '../../../shared/onboarding';
import { api } from '../../state/api';
import type { AppDispatch } from '../../state/store';

const parseProgress = (raw: unknown) => onboardingProgressSchema.parse(raw);

/**
 * Keeps the newest progress of a member in the cache: a command's answer and a push from another
 * tab may arrive in either order, and the version says which is newer. A completed onboarding
 * changes the session's `onboardingComplete`, so the session is read again.
 */
export function progressReceived(dispatch: AppDispatch, progress: OnboardingProgress): void {
  dispatch(
    onboardingApi.util.updateQueryData('getOnboardingProgress', progress.userId, (held) =>
      held && held.version >= progress.version ? held : progress,
    ),
  );
  if (progress.completedAt) dispatch(api.util.invalidateTags(['Session']));
}

/** Stores a command's answer where the wizard reads it. */
async function storeAnswer(
  dispatch: AppDispatch,
  queryFulfilled: Promise<{ data: OnboardingProgress }>,
): Promise<void> {
  const answer = await queryFulfilled.catch(() => null);
  if (answer) progressReceived(dispatch, answer.data);
}

export const onboardingApi = api.enhanceEndpoints({ addTagTypes: ['Onboarding'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Null before the member starts. */
    getOnboardingProgress: build.query<OnboardingProgress | null, string>({
      query: (userId) => `onboarding/progress/${encodeURIComponent(userId)}`,
      transformResponse: (raw: unknown) => onboardingProgressSchema.nullable().parse(raw),
      providesTags: ['Onboarding'],
    }),
    startOnboarding: build.mutation<OnboardingProgress, StartOnboarding>({
      query: (body) => ({ url: 'onboarding/start', method: 'POST', body }),
      transformResponse: parseProgress,
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) return;
        dispatch(
          onboardingApi.util.upsertQueryData('getOnboardingProgress', body.userId, answer.data),
        );
      },
    }),
    completeOnboardingStep: build.mutation<OnboardingProgress, OnboardingStepRequest>({
      query: (body) => ({ url: 'onboarding/complete-step', method: 'POST', body }),
      transformResponse: parseProgress,
      onQueryStarted: (_body, { dispatch, queryFulfilled }) =>
        storeAnswer(dispatch, queryFulfilled),
    }),
    skipOnboardingStep: build.mutation<OnboardingProgress, OnboardingStepRequest>({
      query: (body) => ({ url: 'onboarding/skip-step', method: 'POST', body }),
      transformResponse: parseProgress,
      onQueryStarted: (_body, { dispatch, queryFulfilled }) =>
        storeAnswer(dispatch, queryFulfilled),
    }),
    completeOnboarding: build.mutation<OnboardingProgress, { userId: string }>({
      query: (body) => ({ url: 'onboarding/complete', method: 'POST', body }),
      transformResponse: parseProgress,
      onQueryStarted: (_body, { dispatch, queryFulfilled }) =>
        storeAnswer(dispatch, queryFulfilled),
    }),
  }),
});

export const {
  useGetOnboardingProgressQuery,
  useStartOnboardingMutation,
  useCompleteOnboardingStepMutation,
  useSkipOnboardingStepMutation,
  useCompleteOnboardingMutation,
} = onboardingApi;
