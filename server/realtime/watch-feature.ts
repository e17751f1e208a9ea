import type { Logger } from 'pino';
import type { Socket } from 'socket.io';
import type { SocketFeature } from './socket-feature';
import type { WatchRooms } from './watch-rooms';

/** The answer to a watch: what is followed now; a refused message says why and changes nothing. */
interface WatchAck {
  watching: string[];
  error?: string;
}
type Ack = (answer: WatchAck) => void;

export interface WatchFeatureSpec {
  name: string;
  /** The event a socket names what is on its screen with. */
  event: string;
  /** The ids a message names, or null when it is not a watch (answered with `invalid`). */
  parse(payload: unknown): readonly string[] | null;
  invalid: string;
  /** Of `ids`, those the member may follow (the pushers check again at every push). */
  allowed(userId: string, ids: string[]): Promise<string[]>;
  rooms: WatchRooms;
  /**
   * Sends the socket the state of items it has just begun to follow. A screen watches what it
   * has read, a moment after reading it: a change in between was pushed to a room the socket
   * was not yet in, and only this catch-up, sent once the socket is in the room, brings it.
   * A failed catch-up is logged and the watch stands: pushes of later changes still arrive.
   */
  caughtUp?(socket: Socket, userId: string, ids: string[]): Promise<void>;
  logger: Logger;
}

/**
 * A socket names the items (posts, profiles) on its screen and follows those the member may.
 * Each message replaces the list before. One check runs at a time per socket: messages arriving
 * meanwhile fold into the newest, so a fast scroller costs one query per round trip however many
 * messages it sends.
 */
export function createWatchFeature(spec: WatchFeatureSpec): SocketFeature {
  return {
    name: spec.name,
    // Following what is on a screen is reading it.
    tokenScope: 'read',
    attach(socket, session) {
      let next: string[] | null = null;
      let waiting: Ack[] = [];
      let running = false;

      const catchUp = async (ids: string[]) => {
        if (!spec.caughtUp || ids.length === 0) return;
        try {
          await spec.caughtUp(socket, session.userId, ids);
        } catch (error) {
          spec.logger.warn({ err: error, feature: spec.name }, 'watch catch-up failed');
        }
      };

      const run = async () => {
        running = true;
        while (next !== null) {
          const ids = next;
          const answering = waiting;
          next = null;
          waiting = [];
          try {
            const allowed = await spec.allowed(session.userId, ids);
            if (socket.disconnected) break;
            const before = new Set(spec.rooms.watchedBy(socket));
            spec.rooms.watchOnly(socket, allowed);
            // Sent before the answer, so a client holding the answer holds the catch-up too.
            await catchUp(allowed.filter((id) => !before.has(id)));
            for (const ack of answering) ack({ watching: allowed });
          } catch (error) {
            spec.logger.warn({ err: error, feature: spec.name }, 'watch failed');
            const watching = spec.rooms.watchedBy(socket);
            for (const ack of answering) ack({ watching, error: 'unavailable' });
          }
        }
        running = false;
      };

      socket.on(spec.event, (payload: unknown, ack: unknown) => {
        const answer: Ack = typeof ack === 'function' ? (ack as Ack) : () => undefined;
        const ids = spec.parse(payload);
        if (ids === null) {
          answer({ watching: spec.rooms.watchedBy(socket), error: spec.invalid });
          return;
        }
        next = [...new Set(ids.map((id) => id.toLowerCase()))];
        waiting.push(answer);
        if (!running) void run();
      });
    },
  };
}
