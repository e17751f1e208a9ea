import { sql } from 'kysely';
import type { EventMeanings } from '../../core/meanings';
import type { DomainModule } from '../../core/module';
import { pairOf } from './friend-members';
import { friendEventTypes, friendsProjection } from './friends-projection';
import { friendsPusher } from './friends-pusher';
import { friendsRoutes } from './routes';

const friendEvents: EventMeanings = Object.fromEntries(
  friendEventTypes.map((type) => [
    type,
    { badges: (data: never) => ({ recount: { ids: pairOf(type, data) } }) },
  ]),
);

/** Friend requests, friendships with per-friend permissions, blocks, and the requests badge. */
export const friendsModule: DomainModule = {
  name: 'friends',
  meanings: {
    events: {
      ...friendEvents,
      FriendRequestSent: {
        ...friendEvents.FriendRequestSent,
        notifies: ({ data }) => [
          {
            recipientId: data.toUserId,
            actorId: data.fromUserId,
            type: 'friend_request_received',
            sourceKey: data.requestId,
            actionUrl: '/friends?tab=requests',
            actionData: { requestId: data.requestId, userId: data.fromUserId },
            message: data.message,
          },
        ],
      },
      FriendRequestAccepted: {
        ...friendEvents.FriendRequestAccepted,
        notifies: ({ data }) => [
          {
            recipientId: data.fromUserId,
            actorId: data.toUserId,
            type: 'friend_request_accepted',
            sourceKey: data.requestId,
            actionUrl: `/profile/${data.toUserId}`,
            actionData: { requestId: data.requestId, userId: data.toUserId },
            message: null,
          },
        ],
      },
    },
    notificationWording: {
      friend_request_received: {
        one: (name) => `${name} sent you a friend request`,
        many: (name, others) => `${name} and ${others} sent you friend requests`,
        content: (name, message) => message ?? `${name} would like to be your friend.`,
      },
      friend_request_accepted: {
        one: (name) => `${name} accepted your friend request`,
        many: (name, others) => `${name} and ${others} accepted your friend requests`,
        content: (name) => `You and ${name} are now friends.`,
      },
    },
    badgeCounters: {
      friendRequests: (userId) =>
        sql<number>`(select count(*) from friend_requests f
          where f.to_user_id = ${userId} and f.status = 'pending')::int`,
    },
  },
  projections: () => [friendsProjection],
  routes: friendsRoutes,
  pushers: ({ meanings }) => [friendsPusher(meanings)],
};
