import { z } from 'zod';
import { CALL_SOCKET_EVENTS } from './calls';
import { linkPreviewSchema } from './link-previews';
import { conversationSchema, messageSchema } from './social/messaging';
import { notificationSchema } from './social/notifications';

/** Names of the socket events, both directions. */
export const SOCKET_EVENTS = {
  badges: 'badges',
  /** Server to client: a member's friends, requests or blocks changed; refetch them. */
  friendsChanged: 'friends:changed',
  /** Server to client: a new message with the receiving member's view of its conversation. */
  messageNew: 'message:new',
  /** Server to client: that member's view of a conversation changed (read, ticks, flags). */
  conversationUpdated: 'conversation:updated',
  /** Server to client: a message's link preview card arrived or was removed (versioned). */
  messagePreview: 'message:preview',
  /** Both directions: someone is typing; not stored. */
  typing: 'typing',
  /** Client to server: tab visibility and activity, for presence. */
  presence: 'presence',
  /** Server to client: a notification was created or regrouped. */
  notification: 'notification',
  /** Server to client: read state changed elsewhere; refetch the list. */
  notificationsChanged: 'notifications:changed',
  /** Calls: state changes, WebRTC signals, the socket holding a call (`shared/calls`). */
  callUpdated: CALL_SOCKET_EVENTS.updated,
  callSignal: CALL_SOCKET_EVENTS.signal,
  callJoin: CALL_SOCKET_EVENTS.join,
  /** Server to client: the log was restored underneath every view; load everything again. */
  resync: 'resync',
} as const;

export const messageNewPayloadSchema = z.object({
  message: messageSchema,
  conversation: conversationSchema,
});
export type MessageNewPayload = z.infer<typeof messageNewPayloadSchema>;

/** `linkPreview` null once removed; a client keeps the card of the highest `version`. */
export const messagePreviewPayloadSchema = z.object({
  conversationId: z.uuid(),
  messageId: z.uuid(),
  linkPreview: linkPreviewSchema.nullable(),
  version: z.number().int().nonnegative(),
});
export type MessagePreviewPayload = z.infer<typeof messagePreviewPayloadSchema>;

export const conversationUpdatedPayloadSchema = z.object({ conversation: conversationSchema });

export const typingPayloadSchema = z.object({ conversationId: z.uuid(), userId: z.uuid() });
export type TypingPayload = z.infer<typeof typingPayloadSchema>;

export const notificationPayloadSchema = z.object({ notification: notificationSchema });

export const presenceSignalSchema = z.strictObject({ visible: z.boolean(), active: z.boolean() });
export type PresenceSignal = z.infer<typeof presenceSignalSchema>;
