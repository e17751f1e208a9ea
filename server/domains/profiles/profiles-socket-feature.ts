import {
  PROFILES_WATCHED_MAX,
  profileLiveEvents,
  watchProfilesSchema,
} from '../../../shared/profiles';
import type { ListenDeps, SocketFeature } from '../../realtime/socket-feature';
import { createWatchFeature } from '../../realtime/watch-feature';
import { reachableProfiles, profileWatchRooms } from './profile-watchers';

/** `profiles:watch`: a socket follows the profiles on its screen that the member may open. */
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
    logger,
  });
}
