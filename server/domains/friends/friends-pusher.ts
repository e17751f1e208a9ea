import { SOCKET_EVENTS } from '../../../shared/realtime';
import type { StoredEvent } from '../../eventstore/stored-event';
import { userRoom, type Pusher } from '../../realtime/pusher';

/** Both members an event between two members concerns. */
function friendAudience(event: StoredEvent): string[] {
  switch (event.type) {
    case 'FriendRequestSent':
    case 'FriendRequestAccepted':
    case 'FriendRequestRejected':
    case 'FriendRequestCancelled':
      return [event.data.fromUserId, event.data.toUserId];
    case 'FriendRemoved':
    case 'FriendPermissionsChanged':
      return [event.data.userId, event.data.friendId];
    case 'MemberBlocked':
    case 'MemberUnblocked':
      return [event.data.userId, event.data.blockedUserId];
    default:
      return [];
  }
}

/**
 * Tells each member whose friends, requests or blocks changed to refetch them: one signal per
 * member per batch, however many events touched them. A privacy change shows on friends' lists.
 */
export const friendsPusher: Pusher = {
  name: 'friends',
  async push(events, io, db) {
    const audience = new Set(events.flatMap(friendAudience));
    const privacyChangedBy = events.flatMap((event) =>
      event.type === 'ProfilePrivacyChanged' ? [event.data.userId] : [],
    );
    if (privacyChangedBy.length > 0) {
      const friends = await db
        .selectFrom('friendships')
        .select('friend_id')
        .where('user_id', 'in', privacyChangedBy)
        .execute();
      for (const row of friends) audience.add(row.friend_id);
    }
    for (const userId of audience) {
      io.local.to(userRoom(userId)).emit(SOCKET_EVENTS.friendsChanged, {});
    }
  },
};
