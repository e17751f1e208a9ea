import {
  POSTS_SOCKET_EVENTS,
  POSTS_WATCHED_MAX,
  watchPostsSchema,
  type WatchPostsAck,
} from '../../../shared/posts';
import type { ListenDeps, SocketFeature } from '../../realtime/socket-feature';
import { visiblePostIds, watchedBy, watchOnly } from './post-watchers';

type Ack = (answer: WatchPostsAck) => void;

const INVALID_WATCH = `A watch is { postIds }: at most ${POSTS_WATCHED_MAX} post ids`;

/**
 * `posts:watch`: a socket names the posts on its screen, and follows those the member may see
 * (the pushers check again at every push). Each message replaces the list before. One check
 * runs at a time per socket: messages arriving meanwhile fold into the newest, so a fast
 * scroller costs one query per round trip however many messages it sends.
 */
export function createPostWatchFeature({
  db,
  logger,
}: Pick<ListenDeps, 'db' | 'logger'>): SocketFeature {
  return {
    name: 'post-watch',
    attach(socket, session) {
      let next: string[] | null = null;
      let waiting: Ack[] = [];
      let running = false;

      const run = async () => {
        running = true;
        while (next !== null) {
          const postIds = next;
          const answering = waiting;
          next = null;
          waiting = [];
          try {
            const visible = await visiblePostIds(db, session.userId, postIds);
            if (socket.disconnected) break;
            watchOnly(socket, visible);
            for (const ack of answering) ack({ watching: visible });
          } catch (error) {
            logger.warn({ err: error }, 'posts watch failed');
            for (const ack of answering) ack({ watching: watchedBy(socket), error: 'unavailable' });
          }
        }
        running = false;
      };

      socket.on(POSTS_SOCKET_EVENTS.watch, (payload: unknown, ack: unknown) => {
        const answer: Ack = typeof ack === 'function' ? (ack as Ack) : () => undefined;
        const parsed = watchPostsSchema.safeParse(payload);
        if (!parsed.success) {
          answer({ watching: watchedBy(socket), error: INVALID_WATCH });
          return;
        }
        next = [...new Set(parsed.data.postIds.map((id) => id.toLowerCase()))];
        waiting.push(answer);
        if (!running) void run();
      });
    },
  };
}
