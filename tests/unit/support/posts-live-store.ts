import { combineSlices, configureStore, type Slice } from '@reduxjs/toolkit';
import { api } from '../../../web/state/api';
import type { AppDispatch, RootState } from '../../../web/state/store';
import { sessionStarted } from '../../../web/features/auth/session';
import { postsLive } from '../../../web/features/posts/postsLive';

/** The signed-in member of these stores, as a session answer names them. */
export const ME = '10000000-0000-4000-8000-000000000001';
const SIGNED_IN_AT = '2026-11-26T10:00:00.000Z';

/**
 * Stores with the base API, the given slices and `ME` signed in, and `push`, which hands a
 * socket event to the posts' live handlers as the connection does. Cached answers are dropped on
 * a timer; each store's API state is reset after each test, which clears the timers with it.
 */
export function usePostsLiveStores(...slices: Slice[]) {
  const stores: { dispatch: (action: ReturnType<typeof api.util.resetApiState>) => unknown }[] = [];
  afterEach(() => {
    for (const store of stores.splice(0)) store.dispatch(api.util.resetApiState());
  });
  return function makeTestStore() {
    const store = configureStore({
      reducer: combineSlices(api, ...slices),
      middleware: (getDefault) => getDefault().concat(api.middleware),
    });
    stores.push(store);
    store.dispatch(
      sessionStarted(
        {
          isAuthenticated: true,
          id: ME,
          email: 'me@example.com',
          username: 'me',
          displayName: 'Me',
          avatar: null,
          emailVerified: true,
          providerId: 'password',
          lastActivity: SIGNED_IN_AT,
          sessionStart: SIGNED_IN_AT,
          rememberMe: false,
          role: 'member',
          onboardingComplete: true,
        },
        '/',
      ) as never,
    );
    const dispatch = store.dispatch as unknown as AppDispatch;
    const getState = () => store.getState() as unknown as RootState;
    const push = (event: string, payload: unknown) =>
      postsLive.handlers![event]!(payload, dispatch, getState);
    return { store, dispatch, getState, push };
  };
}
