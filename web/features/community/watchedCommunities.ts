import { COMMUNITIES_WATCHED_MAX, COMMUNITY_SOCKET_EVENTS } from '../../../shared/communities';
import { createWatchSet } from '../../lib/watchSet';

/** The communities whose hub is on screen, told to the server as one list. */
export const watchedCommunities = createWatchSet((communityIds) => {
  void import('../connection/realtime').then(({ emitSocketEvent }) =>
    emitSocketEvent(COMMUNITY_SOCKET_EVENTS.watch, { communityIds }),
  );
}, COMMUNITIES_WATCHED_MAX);
