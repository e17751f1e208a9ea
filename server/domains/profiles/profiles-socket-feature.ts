import {
  PROFILES_WATCHED_MAX,
  profileLiveEvents,
  watchProfilesSchema,
} from '../../../shared/profiles';
import type { ListenDeps, SocketFeature } from '../../realtime/socket-feature';
import { reachableProfiles, watchedProfiles, watchProfilesOnly } from './profile-watchers';

interface WatchAck {
  watching: string[];
  error?: string;
}
type Ack = (answer: WatchAck) => void;

const INVALID_WATCH = `A watch is { userIds }: at most ${PROFILES_WATCHED_MAX} member ids`;

/**
 * `profiles:watch`: a socket names the profiles on its screen and follows those the member may
 * open (the pusher checks again at every push). Each message replaces the list before; messages
 * arriving while one is checked fold into the newest, as `posts:watch` does.
 */
export function createProfileWatchFeature({
  db,
  logger,
}: Pick<ListenDeps, 'db' | 'logger'>): SocketFeature {
  return {
    name: 'profile-watch',
    attach(socket, session) {
      let next: string[] | null = null;
      let waiting: Ack[] = [];
      let running = false;

      const run = async () => {
        running = true;
        while (next !== null) {
          const userIds = next;
          const answering = waiting;
          next = null;
          waiting = [];
          try {
            const reachable = await reachableProfiles(db, session.userId, userIds);
            if (socket.disconnected) break;
            watchProfilesOnly(socket, reachable);
            for (const ack of answering) ack({ watching: reachable });
          } catch (error) {
            logger.warn({ err: error }, 'profiles watch failed');
            for (const ack of answering) {
              ack({ watching: watchedProfiles(socket), error: 'unavailable' });
            }
          }
        }
        running = false;
      };

      socket.on(profileLiveEvents.watch, (payload: unknown, ack: unknown) => {
        const answer: Ack = typeof ack === 'function' ? (ack as Ack) : () => undefined;
        const parsed = watchProfilesSchema.safeParse(payload);
        if (!parsed.success) {
          answer({ watching: watchedProfiles(socket), error: INVALID_WATCH });
          return;
        }
        next = [...new Set(parsed.data.userIds.map((id) => id.toLowerCase()))];
        waiting.push(answer);
        if (!running) void run();
      });
    },
  };
}
