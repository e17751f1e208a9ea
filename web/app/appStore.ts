import { selectSignedInUserId } from '../features/auth/session';
import { makeStore, type RootState } from '../state/store';

/**
 * The app's store: the kernel's, with the live channel started once a member is signed in. The
 * channel (socket.io and the schemas of every push) serves members only, so a visitor's page
 * never downloads it; a member's loads beside the first render, once the session answers.
 */
export function makeAppStore(preloadedState?: Partial<RootState>) {
  const store = makeStore(preloadedState);
  const unsubscribe = store.subscribe(() => {
    if (selectSignedInUserId(store.getState()) === null) return;
    unsubscribe();
    void import('./live').then(({ startLive }) => startLive(store));
  });
  return store;
}
