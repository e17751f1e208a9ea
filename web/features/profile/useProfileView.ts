import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef } from 'react';
import type { Profile } from '../../../shared/profiles';
import {
  useCountProfileViewMutation,
  useFindByUsernameQuery,
  useGetProfileQuery,
} from './profileApi';
import {
  failureStatus,
  profileFailureText,
  type ProfileFailure,
  type ProfileTarget,
} from './profileRoute';
import { useWatchProfiles } from './useWatchProfiles';

export type ProfileView =
  | { state: 'loading' }
  | { state: 'failed'; message: string; retry: () => void }
  | { state: 'ready'; profile: Profile };

/**
 * The profile a route shows, followed live while on screen. The profile page counts a view of
 * another member's profile once per visit (the server counts a viewer at most once per window).
 */
export function useProfileView(target: ProfileTarget, { countView = false } = {}): ProfileView {
  const byName = target.kind === 'username' ? target.username : null;
  const lookup = useFindByUsernameQuery(byName ?? skipToken);
  const userId = target.kind === 'username' ? (lookup.data?.id ?? null) : target.userId;
  const profile = useGetProfileQuery(userId ?? skipToken, { refetchOnMountOrArgChange: true });
  useWatchProfiles(profile.data ? [profile.data.id] : []);
  useCountedView(countView ? profile.data : undefined);

  if (byName !== null) {
    if (lookup.isError) {
      return failed(
        target,
        { stage: 'lookup', status: failureStatus(lookup.error) },
        lookup.refetch,
      );
    }
    if (lookup.isSuccess && lookup.data === null) {
      return failed(target, { stage: 'lookup-empty' }, lookup.refetch);
    }
  }
  if (profile.isError) {
    return failed(
      target,
      { stage: 'profile', status: failureStatus(profile.error) },
      profile.refetch,
    );
  }
  return profile.data ? { state: 'ready', profile: profile.data } : { state: 'loading' };
}

function failed(
  target: ProfileTarget,
  failure: ProfileFailure,
  refetch: () => unknown,
): ProfileView {
  return {
    state: 'failed',
    message: profileFailureText(target, failure),
    retry: () => void refetch(),
  };
}

function useCountedView(profile: Profile | undefined): void {
  const [countView] = useCountProfileViewMutation();
  // Strict mode runs effects twice, and a refetch hands a new object: one count per profile shown.
  const counted = useRef<string | null>(null);
  const otherId = profile && !profile.isSelf ? profile.id : null;
  useEffect(() => {
    if (otherId === null || counted.current === otherId) return;
    counted.current = otherId;
    // A view that failed to count is no concern of the viewer's.
    void countView(otherId);
  }, [otherId, countView]);
}
