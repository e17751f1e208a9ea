import { z } from 'zod';
import { MESSAGE_CONTENT_MAX } from '../social/limits';

export const conversationFlagSchema = z.enum(['pinned', 'starred', 'archived']);
export type ConversationFlag = z.infer<typeof conversationFlagSchema>;

/** One stream per conversation, `conversation-<id>`. */
export const messagingEvents = {
  ConversationStarted: z.strictObject({
    conversationId: z.uuid(),
    startedBy: z.uuid(),
    participantIds: z.array(z.uuid()).length(2),
  }),
  MessageSent: z.strictObject({
    conversationId: z.uuid(),
    messageId: z.uuid(),
    senderId: z.uuid(),
    content: z.string().min(1).max(MESSAGE_CONTENT_MAX),
  }),
  /** A client of `userId` received every message up to this one. */
  MessagesDelivered: z.strictObject({
    conversationId: z.uuid(),
    userId: z.uuid(),
    upToMessageId: z.uuid(),
  }),
  /** `userId` opened the conversation and saw every message up to this one. */
  MessagesRead: z.strictObject({
    conversationId: z.uuid(),
    userId: z.uuid(),
    upToMessageId: z.uuid(),
  }),
  /** Pin, star and archive are each member's own view of the conversation. */
  ConversationFlagSet: z.strictObject({
    conversationId: z.uuid(),
    userId: z.uuid(),
    flag: conversationFlagSchema,
    value: z.boolean(),
  }),
};
