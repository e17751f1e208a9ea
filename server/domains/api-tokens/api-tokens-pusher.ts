import type { ActiveSession } from '../../core/session';
import { sessionRoom, userRoom, type Pusher } from '../../realtime/pusher';

/**
 * A revoked token's sockets close on every node. A socket opened with a token joins the room of
 * the token's id as a session's joins its own; a changed password or a deleted account closes
 * all of the member's sockets already (the sessions and account pushers). A role change closes
 * the member's token sockets too: the sessions pusher moves every socket of theirs into the
 * operators' room, where a token without the `admin` scope must not be; reconnecting, each joins
 * the rooms its scopes and the new role give.
 */
export const apiTokensPusher: Pusher = {
  name: 'api-tokens',
  async push(events, io) {
    for (const event of events) {
      if (event.type === 'ApiTokenRevoked') {
        io.local.in(sessionRoom(event.data.tokenId)).disconnectSockets(true);
      } else if (event.type === 'UserRoleChanged') {
        const sockets = await io.local.in(userRoom(event.data.userId)).fetchSockets();
        for (const socket of sockets) {
          const session = socket.data.session as ActiveSession | undefined;
          if (session?.credential.kind === 'token') socket.disconnect(true);
        }
      }
    }
  },
};
