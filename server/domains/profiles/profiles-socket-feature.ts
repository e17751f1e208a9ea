import {
  PROFILES_WATCHED_MAX,
  profileLiveEvents,
  watchProfilesSchema,
} from '../../../shared/profiles';
import type { ListenDeps, SocketFeature } from '../../realtime/socket-feature';
import { createWatchFeature } from '../../realtime/watch-feature';
import { readViewerStats } from './profile-stats-read';
import { reachableProfiles, profileWatchRooms } from './profile-watchers';

/**
 * `profiles:watch`: a socket follows the profiles on its screen that the member may open. Of a
 * profile it begins to follow it is told the version it stands at (`profile:changed`, which the
 * client refetches only when it holds an older one), since what changed between the screen
 * reading it and the socket joining was pushed to no one.
 */
export function createProfileWatchFeature({
  db,
  logger,
}: Pick<ListenDeps, 'db' | 'logger'>): SocketFeature {
  return createWatchFeature({
    name: 'profile-watch',
    event: profileLiveEvents.watch,
    parse: (payload) => watchProfilesSchema.safeParse(payload).data?.userIds ?? null,
    invalid: `A watch is { userIds }: at most ${PROFILES_WATCHED_MAX} member ids`,
    allowed: (userId, userIds) => reachableProfiles(db, userId, userIds),
    rooms: profileWatchRooms,
    async caughtUp(socket, viewerId, userIds) {
      const pairs = userIds.map((userId) => ({ userId, viewerId }));
      for (const { userId, version } of await readViewerStats(db, pairs)) {
        socket.emit(profileLiveEvents.changed, { userId, version });
      }
    },
    logger,
  });
}
