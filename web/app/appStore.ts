import { makeStore, type RootState } from '../state/store';

/** The app's store: the kernel's, with the live channel started beside the first render. */
export function makeAppStore(preloadedState?: Partial<RootState>) {
  const store = makeStore(preloadedState);
  // The live channel brings socket.io and the schemas of every push: it loads beside the first
  // render instead of before it, while the session is still being asked for.
  void import('./live').then(({ startLive }) => startLive(store));
  return store;
}
