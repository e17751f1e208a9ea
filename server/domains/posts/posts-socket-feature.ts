import { POSTS_SOCKET_EVENTS, POSTS_WATCHED_MAX, watchPostsSchema } from '../../../shared/posts';
import type { ListenDeps, SocketFeature } from '../../realtime/socket-feature';
import { createWatchFeature } from '../../realtime/watch-feature';
import { presentSharedPost } from './post-presenter';
import { visiblePostIds, postWatchRooms } from './post-watchers';
import { sharedPostRows } from './posts-read';

/**
 * `posts:watch`: a socket follows the posts on its screen that the member may see. A post it
 * begins to follow is sent as it stands (counts, content), as the pushers send it, since what
 * changed between the screen reading it and the socket joining its room was pushed to no one.
 */
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
    async caughtUp(socket, _userId, postIds) {
      for (const row of await sharedPostRows(db, postIds)) {
        socket.emit(POSTS_SOCKET_EVENTS.updated, { post: presentSharedPost(row) });
      }
    },
    logger,
  });
}
