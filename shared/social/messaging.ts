import { z } from 'zod';
import { idField } from '../api/ids';
import { text } from '../api/text';
import { MESSAGE_CONTENT_MAX, MESSAGES_PAGE } from './limits';
import { callEntrySchema } from '../calls';
import { linkPreviewSchema } from '../link-previews';
import { mentionSchema } from '../mentions';
import { socialMessages } from './messages';
import { personSchema } from './people';

/**
 * Why a member may not write to another, with the text the messaging commands refuse with: one
 * source for the refusal and for the profile that states it before anyone tries. Listed in the
 * order the commands check them, which is the order the relations policy answers them in.
 */
export const MESSAGE_REFUSALS = {
  'conversation-to-self': socialMessages.conversationToSelf,
  blocked: socialMessages.blocked,
  'not-found': socialMessages.userNotFound,
  'private-profile': socialMessages.privateProfile,
  'direct-messages-off': socialMessages.directMessagesOff,
  'operation-not-permitted': socialMessages.operationNotPermitted('write'),
} as const;
export type MessageRefusalCode = keyof typeof MESSAGE_REFUSALS;

export const messageRefusalSchema = z.object({
  code: z.enum(Object.keys(MESSAGE_REFUSALS) as [MessageRefusalCode, ...MessageRefusalCode[]]),
  message: z.string(),
});
export type MessageRefusal = z.infer<typeof messageRefusalSchema>;

/** The refusal of a code, as the API answers it. */
export const messageRefusal = (code: MessageRefusalCode): MessageRefusal => ({
  code,
  message: MESSAGE_REFUSALS[code],
});

export const messageStatusSchema = z.enum(['sent', 'delivered', 'read']);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

export const messageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  senderId: z.uuid(),
  content: z.string(),
  timestamp: z.iso.datetime(),
  /** Position in the conversation, from 1. */
  seq: z.number().int().positive(),
  read: z.boolean(),
  /** A call entry is the call's outcome in the thread, sent by the caller. */
  type: z.enum(['text', 'call']),
  metadata: z.record(z.string(), z.unknown()),
  securityLevel: z.literal('medium'),
  /** For the sender: how far the other participant got. */
  status: messageStatusSchema,
  /** The card of the message's first link, fetched after it was sent; null while none. */
  linkPreview: linkPreviewSchema.nullable(),
  /** The participants it mentions, with their usernames now. */
  mentions: z.array(mentionSchema),
  /** What the call was, on a call entry; null on a text message. */
  call: callEntrySchema.nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** Where a conversation opens: what a mention in one of its messages links to. */
export const conversationPath = (conversationId: string) =>
  `/messages?conversation=${encodeURIComponent(conversationId)}`;

/** A conversation as one member sees it; `version` rises with every change to that view. */
export const conversationSchema = z.object({
  id: z.uuid(),
  contactId: z.uuid(),
  contact: personSchema,
  participants: z.array(z.uuid()),
  lastMessage: z.string().nullable(),
  lastMessageId: z.uuid().nullable(),
  lastMessageSenderId: z.uuid().nullable(),
  timestamp: z.iso.datetime(),
  unreadCount: z.number().int().nonnegative(),
  isPinned: z.boolean(),
  isArchived: z.boolean(),
  isStarred: z.boolean(),
  /** Highest message seq the contact has received and read: the sender's ticks. */
  contactDeliveredSeq: z.number().int().nonnegative(),
  contactReadSeq: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  securityLevel: z.literal('medium'),
  version: z.number().int().nonnegative(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const startConversationSchema = z.strictObject({ participantId: idField() });

export const messageContentField = text({
  error: socialMessages.messageRequired,
  trim: true,
  required: socialMessages.messageRequired,
  max: MESSAGE_CONTENT_MAX,
  maxMessage: socialMessages.messageTooLong,
});

export const sendMessageSchema = z.strictObject({ content: messageContentField });

export const messagesQuerySchema = z.strictObject({
  before: idField().optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE.max).default(MESSAGES_PAGE.default),
});

export const messagesPageSchema = z.object({
  /** Oldest first. */
  messages: z.array(messageSchema),
  hasMore: z.boolean(),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

export const markUpToSchema = z.strictObject({ upToMessageId: idField() });

export const conversationFlagsUpdateSchema = z
  .strictObject({
    isPinned: z.boolean().optional(),
    isStarred: z.boolean().optional(),
    isArchived: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');

export const typingSignalSchema = z.strictObject({ conversationId: idField() });
