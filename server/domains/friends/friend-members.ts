import type { EventData } from '../../../shared/events';
import type { friendEventTypes } from './friends-projection';

type FriendEventType = (typeof friendEventTypes)[number];

/** Both members an event between two members concerns. */
export function pairOf<T extends FriendEventType>(type: T, data: EventData<T>): [string, string] {
  if ('fromUserId' in data) return [data.fromUserId, data.toUserId];
  if ('friendId' in data) return [data.userId, data.friendId];
  if ('blockedUserId' in data) return [data.userId, data.blockedUserId];
  throw new Error(`${type} names no pair of members`);
}
