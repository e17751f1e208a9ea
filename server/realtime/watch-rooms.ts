import type { Socket } from 'socket.io';

/**
 * Who watches which item (post, profile) lives in socket.io's rooms of this process: a socket
 * watching an item is in the room named by the prefix and the item's id.
 */
export interface WatchRooms {
  room(id: string): string;
  /** The items a socket watches now. */
  watchedBy(socket: Socket): string[];
  /** Makes the socket watch exactly these items. */
  watchOnly(socket: Socket, ids: readonly string[]): void;
}

export function watchRooms(prefix: string): WatchRooms {
  const room = (id: string) => `${prefix}${id}`;
  const watchedBy = (socket: Socket): string[] =>
    [...socket.rooms].filter((r) => r.startsWith(prefix)).map((r) => r.slice(prefix.length));
  return {
    room,
    watchedBy,
    watchOnly(socket, ids) {
      const wanted = new Set(ids);
      for (const id of watchedBy(socket)) {
        if (!wanted.has(id)) void socket.leave(room(id));
      }
      void socket.join(ids.map(room));
    },
  };
}
