import type { WatchPosts } from '../../../shared/posts';
import { POSTS_SOCKET_EVENTS, POSTS_WATCHED_MAX } from '../../../shared/posts/live-events';
import { createWatchSet, type WatchSet } from '../../lib/watchSet';

/** The posts on screen, from every screen that shows some, told to the server as one list. */
export function createWatchedPosts(
  send: (payload: WatchPosts) => void,
  debounceMs?: number,
): WatchSet {
  return createWatchSet((postIds) => send({ postIds }), POSTS_WATCHED_MAX, debounceMs);
}

/**
 * The live channel (socket.io) loads after the first page renders; a screen watching posts
 * must not pull it in. Imports of one module resolve in the order they were asked for, so the
 * newest list still goes last.
 */
export const watchedPosts = createWatchedPosts((payload) => {
  void import('../connection/realtime').then(({ emitSocketEvent }) =>
    emitSocketEvent(POSTS_SOCKET_EVENTS.watch, payload),
  );
});
