import { POSTS_SOCKET_EVENTS, POSTS_WATCHED_MAX, watchPostsSchema } from '../../../shared/posts';
import type { ListenDeps, SocketFeature } from '../../realtime/socket-feature';
import { createWatchFeature } from '../../realtime/watch-feature';
import { visiblePostIds, postWatchRooms } from './post-watchers';

/** `posts:watch`: a socket follows the posts on its screen that the member may see. */
export function createPostWatchFeature({
  db,
  logger,
}: Pick<ListenDeps, 'db' | 'logger'>): SocketFeature {
  return createWatchFeature({
    name: 'post-watch',
    event: POSTS_SOCKET_EVENTS.watch,
    parse: (payload) => watchPostsSchema.safeParse(payload).data?.postIds ?? null,
    invalid: `A watch is { postIds }: at most ${POSTS_WATCHED_MAX} post ids`,
    allowed: (userId, postIds) => visiblePostIds(db, userId, postIds),
    rooms: postWatchRooms,
    logger,
  });
}
