import type { WatchPosts } from '../../../shared/posts';
import { POSTS_SOCKET_EVENTS, POSTS_WATCHED_MAX } from '../../../shared/posts/live-events';

/** Screens change what they show in bursts (scrolling, a page loading): one message per burst. */
export const WATCH_DEBOUNCE_MS = 250;

/**
 * The posts on screen, from every screen that shows some, told to the server as one list. A
 * post shown by two screens stays watched until both let it go; the server replaces its list
 * with each message, so the whole list goes every time.
 */
export function createWatchedPosts(
  send: (payload: WatchPosts) => void,
  debounceMs = WATCH_DEBOUNCE_MS,
) {
  /** How many screens show each post, in the order they first showed it. */
  const shown = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastSent = '';

  const current = (): string[] => {
    const ids = [...shown.keys()];
    // Past the server's bound, the posts shown most recently are the ones on screen.
    return ids.slice(Math.max(0, ids.length - POSTS_WATCHED_MAX));
  };

  const flush = (force: boolean) => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const postIds = current();
    const key = postIds.join(',');
    if (!force && key === lastSent) return;
    lastSent = key;
    send({ postIds });
  };

  const schedule = () => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => flush(false), debounceMs);
  };

  return {
    /** A screen shows these posts; the returned function is called when it stops. */
    watch(postIds: readonly string[]): () => void {
      const ids = [...new Set(postIds)];
      if (ids.length === 0) return () => undefined;
      for (const id of ids) shown.set(id, (shown.get(id) ?? 0) + 1);
      schedule();
      return () => {
        for (const id of ids) {
          const count = (shown.get(id) ?? 0) - 1;
          if (count > 0) shown.set(id, count);
          else shown.delete(id);
        }
        schedule();
      };
    },
    /** A new connection knows nothing of what this client watched: tell it now. */
    resend(): void {
      if (shown.size > 0) flush(true);
      else lastSent = '';
    },
    watched: current,
  };
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
