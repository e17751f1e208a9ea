import { SECURITY_SOCKET_EVENTS } from '../../../shared/auth/live';
import {
  MODERATION_ROOM,
  moderates,
  OPS_ROOM,
  sessionRoom,
  userRoom,
  type Pusher,
} from '../../realtime/pusher';

/**
 * Ends live connections whose session has ended, on every node: signing out closes that
 * session's sockets; a password change or a disabled account closes all of the member's. A role
 * change moves the member's open sockets into or out of the operators' and moderators' rooms; a required password
 * rotation tells the member's tabs to read their session again (the guard then holds them).
 */
export const sessionPusher: Pusher = {
  name: 'sessions',
  async push(events, io) {
    for (const event of events) {
      if (event.type === 'UserSignedOut') {
        io.local.in(sessionRoom(event.data.sessionId)).disconnectSockets(true);
      } else if (event.type === 'PasswordChanged' || event.type === 'UserDisabled') {
        io.local.in(userRoom(event.data.userId)).disconnectSockets(true);
      } else if (event.type === 'PasswordRotationRequired') {
        io.local
          .in(userRoom(event.data.userId))
          .emit(SECURITY_SOCKET_EVENTS.sessionChanged, { userId: event.data.userId });
      } else if (event.type === 'UserRoleChanged') {
        const sockets = io.local.in(userRoom(event.data.userId));
        if (event.data.role === 'owner') sockets.socketsJoin(OPS_ROOM);
        else sockets.socketsLeave(OPS_ROOM);
        if (moderates(event.data.role)) sockets.socketsJoin(MODERATION_ROOM);
        else sockets.socketsLeave(MODERATION_ROOM);
      }
    }
  },
};
