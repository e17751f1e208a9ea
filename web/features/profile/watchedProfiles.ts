import { PROFILES_WATCHED_MAX, profileLiveEvents } from '../../../shared/profiles';
import { createWatchSet, type WatchSet } from '../../lib/watchSet';

/** The profiles on screen, from every screen that shows some, told to the server as one list. */
export function createWatchedProfiles(
  send: (payload: { userIds: string[] }) => void,
  debounceMs?: number,
): WatchSet {
  return createWatchSet((userIds) => send({ userIds }), PROFILES_WATCHED_MAX, debounceMs);
}

/** The live channel loads after the first page renders; watching must not pull it in. */
export const watchedProfiles = createWatchedProfiles((payload) => {
  void import('../connection/realtime').then(({ emitSocketEvent }) =>
    emitSocketEvent(profileLiveEvents.watch, payload),
  );
});
