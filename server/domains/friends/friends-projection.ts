import type { EventType } from '../../../shared/events';
import { FRIEND_PERMISSIONS, NEW_FRIENDSHIP_TRUST_LEVEL } from '../../../shared/social';
import { qb, statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';
import { eraseMemberFriends } from './friends-erasure';

export const friendEventTypes = [
  'FriendRequestSent',
  'FriendRequestAccepted',
  'FriendRequestRejected',
  'FriendRequestCancelled',
  'FriendRemoved',
  'FriendPermissionsChanged',
  'MemberBlocked',
  'MemberUnblocked',
] as const satisfies readonly EventType[];

const CLOSED_STATUS = {
  FriendRequestRejected: 'rejected',
  FriendRequestCancelled: 'cancelled',
} as const;

/**
 * Friend requests, friendships (one row per side, each side holding what the other may do) and
 * blocks, from the `friendship-<lower>-<higher>` streams.
 */
export const friendsProjection: Projection = {
  name: 'friends',
  tables: ['friend_requests', 'friendships', 'blocks'],
  handles: [...friendEventTypes, 'AccountDeleted'],
  project(event) {
    const at = event.occurredAt;
    switch (event.type) {
      case 'FriendRequestSent':
        return [
          statement(
            qb.insertInto('friend_requests').values({
              id: event.data.requestId,
              from_user_id: event.data.fromUserId,
              to_user_id: event.data.toUserId,
              status: 'pending',
              message: event.data.message,
              created_at: at,
              responded_at: null,
            }),
          ),
        ];
      case 'FriendRequestAccepted': {
        const { requestId, fromUserId, toUserId } = event.data;
        const side = {
          since: at,
          last_interaction_at: at,
          trust_level: NEW_FRIENDSHIP_TRUST_LEVEL,
          permissions: [...FRIEND_PERMISSIONS],
        };
        return [
          statement(
            qb
              .updateTable('friend_requests')
              .set({ status: 'accepted', responded_at: at })
              .where('id', '=', requestId),
          ),
          statement(
            qb.insertInto('friendships').values([
              { user_id: fromUserId, friend_id: toUserId, ...side },
              { user_id: toUserId, friend_id: fromUserId, ...side },
            ]),
          ),
        ];
      }
      case 'FriendRequestRejected':
      case 'FriendRequestCancelled':
        return [
          statement(
            qb
              .updateTable('friend_requests')
              .set({ status: CLOSED_STATUS[event.type], responded_at: at })
              .where('id', '=', event.data.requestId),
          ),
        ];
      case 'FriendRemoved': {
        const { userId, friendId } = event.data;
        return [
          statement(
            qb
              .deleteFrom('friendships')
              .where((eb) =>
                eb.or([
                  eb.and([eb('user_id', '=', userId), eb('friend_id', '=', friendId)]),
                  eb.and([eb('user_id', '=', friendId), eb('friend_id', '=', userId)]),
                ]),
              ),
          ),
        ];
      }
      case 'FriendPermissionsChanged':
        return [
          statement(
            qb
              .updateTable('friendships')
              .set({ permissions: event.data.permissions })
              .where('user_id', '=', event.data.userId)
              .where('friend_id', '=', event.data.friendId),
          ),
        ];
      case 'MemberBlocked':
        return [
          statement(
            qb
              .insertInto('blocks')
              .values({
                user_id: event.data.userId,
                blocked_user_id: event.data.blockedUserId,
                created_at: at,
              })
              .onConflict((oc) => oc.doNothing()),
          ),
        ];
      case 'MemberUnblocked':
        return [
          statement(
            qb
              .deleteFrom('blocks')
              .where('user_id', '=', event.data.userId)
              .where('blocked_user_id', '=', event.data.blockedUserId),
          ),
        ];
      case 'AccountDeleted':
        return eraseMemberFriends(event.data.userId);
      default:
        return [];
    }
  },
};
