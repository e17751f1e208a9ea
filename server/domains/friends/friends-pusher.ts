import { SOCKET_EVENTS } from '../../../shared/realtime';
import type { MeaningCatalogue } from '../../core/meaning-catalogue';
import type { StoredEvent } from '../../eventstore/stored-event';
import { userRoom, type Pusher } from '../../realtime/pusher';
import { pairOf } from './friend-members';
import { friendEventTypes } from './friends-projection';

const isFriendEvent = (
  event: StoredEvent,
): event is Extract<StoredEvent, { type: (typeof friendEventTypes)[number] }> =>
  (friendEventTypes as readonly string[]).includes(event.type);

/**
 * Tells each member whose friends, requests or blocks changed to refetch them: one signal per
 * member per batch, however many events touched them. A member whose card changed (their
 * privacy, as the emitting domain declares) shows changed on their friends' lists.
 */
export function friendsPusher(meanings: MeaningCatalogue): Pusher {
  return {
    name: 'friends',
    async push(events, io, db) {
      const audience = new Set<string>();
      const changed: string[] = [];
      for (const event of events) {
        if (isFriendEvent(event)) pairOf(event.type, event.data).forEach((id) => audience.add(id));
        const member = meanings.memberChanged(event);
        if (member) changed.push(member);
      }
      if (changed.length > 0) {
        const friends = await db
          .selectFrom('friendships')
          .select('friend_id')
          .where('user_id', 'in', changed)
          .execute();
        for (const row of friends) audience.add(row.friend_id);
      }
      for (const userId of audience) {
        io.local.to(userRoom(userId)).emit(SOCKET_EVENTS.friendsChanged, {});
      }
    },
  };
}
