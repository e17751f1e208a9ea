import { sessionRoom, userRoom, type Pusher } from '../../realtime/pusher';

/**
 * Ends live connections whose session has ended, on every node: signing out closes that
 * session's sockets; a password change or a disabled account closes all of the member's.
 */
export const sessionPusher: Pusher = {
  name: 'sessions',
  async push(events, io) {
    for (const event of events) {
      if (event.type === 'UserSignedOut') {
        io.local.in(sessionRoom(event.data.sessionId)).disconnectSockets(true);
      } else if (event.type === 'PasswordChanged' || event.type === 'UserDisabled') {
        io.local.in(userRoom(event.data.userId)).disconnectSockets(true);
      }
    }
  },
};
