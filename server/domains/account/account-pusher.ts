import { userRoom, type Pusher } from '../../realtime/pusher';

/** A deleted account's sessions are gone: its open sockets close on every node. */
export const accountPusher: Pusher = {
  name: 'account',
  async push(events, io) {
    for (const event of events) {
      if (event.type === 'AccountDeleted') {
        io.local.in(userRoom(event.data.userId)).disconnectSockets(true);
      }
    }
  },
};
