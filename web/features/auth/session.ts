import { useEffect } from 'react';
import type { SignedInSession } from '../../../shared/auth/schemas';
import type { AppThunk, RootState } from '../../state/store';
import { authApi, useGetSessionQuery } from './authApi';
import { pendingRedirectSet } from './authSlice';
import type { SessionStatus } from './guard';
import { sessionFailureOf, type SessionFailureText } from './sessionFailure';

const selectSessionResult = authApi.endpoints.getSession.select();

export function selectSignedInUser(state: RootState): SignedInSession | null {
  const data = selectSessionResult(state).data;
  return data?.isAuthenticated ? data : null;
}

export function selectSignedInUserId(state: RootState): string | null {
  return selectSignedInUser(state)?.id ?? null;
}

export interface SessionView {
  status: SessionStatus;
  user: SignedInSession | null;
  /** While `status` is `error`: what the page says about it. */
  failure: SessionFailureText | null;
  retry: () => void;
}

export function useSession(): SessionView {
  const { data, isError, error, refetch } = useGetSessionQuery();
  const retry = () => void refetch();
  // Reopened offline, the page waits for the network rather than for a click on Try again.
  useEffect(() => {
    if (!isError) return;
    const again = () => void refetch();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [isError, refetch]);
  if (data) {
    return data.isAuthenticated
      ? { status: 'signed-in', user: data, failure: null, retry }
      : { status: 'signed-out', user: null, failure: null, retry };
  }
  if (isError) return { status: 'error', user: null, failure: sessionFailureOf(error), retry };
  return { status: 'loading', user: null, failure: null, retry };
}

/** Records the new session and where the member goes next, in one synchronous step. */
export const sessionStarted =
  (session: SignedInSession, redirectTo: string): AppThunk =>
  (dispatch) => {
    dispatch(pendingRedirectSet({ to: redirectTo, when: 'signed-in' }));
    dispatch(
      authApi.util.upsertQueryEntries([
        { endpointName: 'getSession', arg: undefined, value: session },
      ]),
    );
  };

export const sessionEnded =
  (redirectTo: string): AppThunk =>
  (dispatch) => {
    dispatch(pendingRedirectSet({ to: redirectTo, when: 'signed-out' }));
    dispatch(
      authApi.util.upsertQueryEntries([
        { endpointName: 'getSession', arg: undefined, value: { isAuthenticated: false } },
      ]),
    );
  };

/** Asks the server again, e.g. after the realtime channel says the session is gone. */
export const sessionRechecked = (): AppThunk => (dispatch) => {
  void dispatch(
    authApi.endpoints.getSession.initiate(undefined, { forceRefetch: true, subscribe: false }),
  );
};
