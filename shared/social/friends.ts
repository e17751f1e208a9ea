import { z } from 'zod';
import { idField } from '../api/ids';
import { isBlank, text } from '../api/text';
import { FRIEND_PERMISSIONS, FRIEND_REQUEST_MESSAGE_MAX, SEARCH_QUERY_MAX } from './limits';
import { socialMessages } from './messages';
import { personSchema } from './people';

export const friendPermissionSchema = z.enum(FRIEND_PERMISSIONS);
export type FriendPermission = z.infer<typeof friendPermissionSchema>;

export const friendRequestStatusSchema = z.enum(['pending', 'accepted', 'rejected', 'cancelled']);

/** An optional note; blank text, invisible characters included, is the same as none (000 §5). */
export const sendFriendRequestSchema = z.strictObject({
  toUserId: idField(),
  message: text({ max: FRIEND_REQUEST_MESSAGE_MAX })
    .optional()
    .transform((note) => (note === undefined || isBlank(note) ? undefined : note.trim())),
});
export type SendFriendRequest = z.input<typeof sendFriendRequestSchema>;

export const friendRequestSchema = z.object({
  id: z.uuid(),
  fromUser: personSchema,
  toUser: personSchema,
  status: friendRequestStatusSchema,
  createdAt: z.iso.datetime(),
  message: z.string().nullable(),
  /** The stream the two members' relation is kept on. */
  sandboxId: z.string(),
  securityLevel: z.literal('standard'),
});
export type FriendRequest = z.infer<typeof friendRequestSchema>;

export const friendRequestsSchema = z.object({
  incoming: z.array(friendRequestSchema),
  outgoing: z.array(friendRequestSchema),
});
export type FriendRequests = z.infer<typeof friendRequestsSchema>;

export const friendSchema = z.object({
  id: z.uuid(),
  user: personSchema,
  mutualFriends: z.number().int().nonnegative(),
  friendshipDate: z.iso.datetime(),
  lastInteraction: z.iso.datetime(),
  trustLevel: z.number().int(),
  permissions: z.array(friendPermissionSchema),
});
export type Friend = z.infer<typeof friendSchema>;

export const searchResultSchema = z.object({
  id: z.uuid(),
  user: personSchema,
  mutualFriends: z.number().int().nonnegative(),
  isFriend: z.boolean(),
  hasPendingRequest: z.boolean(),
  canSendRequest: z.boolean(),
  relevanceScore: z.number(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const friendSearchQuerySchema = z.strictObject({
  q: text({ trim: true, required: socialMessages.searchRequired, max: SEARCH_QUERY_MAX }),
});

/**
 * Which operations a friend may perform, each named once. A name outside the four is refused by
 * the command, with the spec's sandbox text naming it.
 */
/** Longer than any permission's name; an unknown one is quoted back in the refusal. */
const PERMISSION_NAME_MAX = 50;

export const friendPermissionsUpdateSchema = z.strictObject({
  permissions: z
    .array(text({ max: PERMISSION_NAME_MAX }))
    .max(FRIEND_PERMISSIONS.length)
    .refine((names) => new Set(names).size === names.length, socialMessages.permissionRepeated),
});

export const blockRequestSchema = z.strictObject({ userId: idField() });
