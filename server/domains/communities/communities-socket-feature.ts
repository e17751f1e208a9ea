import {
  COMMUNITIES_WATCHED_MAX,
  COMMUNITY_SOCKET_EVENTS,
  watchCommunitiesSchema,
} from '../../../shared/communities';
import type { ListenDeps, SocketFeature } from '../../realtime/socket-feature';
import { createWatchFeature } from '../../realtime/watch-feature';
import { communityWatchRooms } from './community-rooms';
import { readableCommunities } from './community-watchers';

/**
 * `communities:watch`: a socket showing a community's hub joins its room, when the member may
 * read what is inside; every domain writing in the community pushes there.
 */
export function createCommunityWatchFeature({
  db,
  logger,
}: Pick<ListenDeps, 'db' | 'logger'>): SocketFeature {
  return createWatchFeature({
    name: 'community-watch',
    event: COMMUNITY_SOCKET_EVENTS.watch,
    parse: (payload) => watchCommunitiesSchema.safeParse(payload).data?.communityIds ?? null,
    invalid: `A watch is { communityIds }: at most ${COMMUNITIES_WATCHED_MAX} community ids`,
    allowed: (userId, ids) => readableCommunities(db, userId, ids),
    rooms: communityWatchRooms,
    logger,
  });
}
