import { SOCKET_EVENTS } from '../../../shared/realtime';
import { userRoom, type Pusher } from '../../realtime/pusher';
import { badgeAudience } from './badges-projection';
import { readBadgesOf } from './badges-read';

/**
 * Pushes each affected member's current badges, read after commit. Several events for one member
 * in a batch become one push; a value already pushed from this process is not pushed again.
 */
export function createBadgesPusher(): Pusher {
  const lastPushed = new Map<string, number>();
  return {
    name: 'badges',
    async push(events, io, db) {
      const audience = await badgeAudience(events, db);
      const local = audience.filter((userId) => {
        const here = (io.sockets.adapter.rooms.get(userRoom(userId))?.size ?? 0) > 0;
        if (!here) lastPushed.delete(userId);
        return here;
      });
      const badges = await readBadgesOf(db, local);
      for (const [userId, value] of badges) {
        if ((lastPushed.get(userId) ?? -1) >= value.version) continue;
        lastPushed.set(userId, value.version);
        io.local.to(userRoom(userId)).emit(SOCKET_EVENTS.badges, value);
      }
    },
  };
}
