import { z } from 'zod';
import { FRIEND_PERMISSIONS, FRIEND_REQUEST_MESSAGE_MAX } from '../social/limits';

const request = {
  requestId: z.uuid(),
  fromUserId: z.uuid(),
  toUserId: z.uuid(),
};

/** Everything between two members lives on one stream, `friendship-<lower id>-<higher id>`. */
export const friendEvents = {
  FriendRequestSent: z.strictObject({
    ...request,
    message: z.string().min(1).max(FRIEND_REQUEST_MESSAGE_MAX).nullable(),
  }),
  FriendRequestAccepted: z.strictObject(request),
  FriendRequestRejected: z.strictObject(request),
  FriendRequestCancelled: z.strictObject(request),
  /** `userId` ended the friendship with `friendId`. */
  FriendRemoved: z.strictObject({ userId: z.uuid(), friendId: z.uuid() }),
  /** `userId` narrowed or widened what `friendId` may do with respect to them. */
  FriendPermissionsChanged: z.strictObject({
    userId: z.uuid(),
    friendId: z.uuid(),
    permissions: z.array(z.enum(FRIEND_PERMISSIONS)),
  }),
  MemberBlocked: z.strictObject({ userId: z.uuid(), blockedUserId: z.uuid() }),
  MemberUnblocked: z.strictObject({ userId: z.uuid(), blockedUserId: z.uuid() }),
};
