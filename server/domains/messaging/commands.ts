import { randomUUID } from 'node:crypto';
import type { ConversationFlag } from '../../../shared/events/messaging';
import {
  MAX_MESSAGES_PER_CONVERSATION,
  socialMessages,
  type Conversation,
} from '../../../shared/social';
import type { NewEvent } from '../../../shared/events';
import { append } from '../../eventstore/append';
import { ConcurrencyError } from '../../eventstore/errors';
import type { EventMetadata } from '../../eventstore/stored-event';
import { HttpError, notFound } from '../../http/errors';
import type { CommandContext } from '../auth/commands';
import { conversationIdFor, conversationStreamId } from './conversation-id';
import type { MessageRow } from './messaging-presenter';
import {
  assertConversationRoom,
  assertMayMessage,
  assertNotBlocked,
  lockConversation,
  lockConversationStarts,
} from './messaging-rules';

const metadataOf = (ctx: CommandContext, actorId: string): EventMetadata => ({
  actorId,
  requestId: ctx.requestId,
});

/**
 * Starts the conversation between the caller and `participantId`, or finds the one they already
 * have. The id comes from the pair, so a start that loses a race to the same stream meets the
 * winner's conversation.
 */
export async function startConversation(
  ctx: CommandContext,
  userId: string,
  participantId: string,
): Promise<{ conversationId: string; created: boolean }> {
  if (participantId === userId) {
    throw new HttpError(400, 'conversation-to-self', socialMessages.conversationToSelf);
  }
  const conversationId = conversationIdFor(userId, participantId);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await lockConversationStarts(trx, [userId, participantId]);
      await assertNotBlocked(trx, userId, participantId);
      const existing = await trx
        .selectFrom('conversations')
        .select('id')
        .where('id', '=', conversationId)
        .executeTakeFirst();
      if (existing) return { conversationId, created: false };
      const participant = await trx
        .selectFrom('users')
        .select('status')
        .where('id', '=', participantId)
        .executeTakeFirst();
      if (participant?.status !== 'active') throw notFound(socialMessages.userNotFound);
      await assertConversationRoom(trx, [userId, participantId]);
      await append(
        trx,
        conversationStreamId(conversationId),
        0,
        [
          {
            type: 'ConversationStarted',
            data: {
              conversationId,
              startedBy: userId,
              participantIds: [userId, participantId].sort(),
            },
          },
        ],
        metadataOf(ctx, userId),
      );
      return { conversationId, created: true };
    });
  } catch (error) {
    if (error instanceof ConcurrencyError) return { conversationId, created: false };
    throw error;
  }
}

/**
 * Appends a message from the caller and answers it as stored, so the reply needs no read back.
 * `content` is already trimmed.
 */
export async function sendMessage(
  ctx: CommandContext,
  userId: string,
  conversationId: string,
  content: string,
): Promise<MessageRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const conversation = await lockConversation(trx, conversationId, userId);
    assertMayMessage(conversation);
    if (conversation.messageCount >= MAX_MESSAGES_PER_CONVERSATION) {
      throw new HttpError(409, 'message-limit', socialMessages.messageLimit);
    }
    const messageId = randomUUID();
    const [event] = await append(
      trx,
      conversation.streamId,
      conversation.version,
      [{ type: 'MessageSent', data: { conversationId, messageId, senderId: userId, content } }],
      metadataOf(ctx, userId),
    );
    return {
      id: messageId,
      conversation_id: conversation.id,
      // The projection numbers it the same way, under the same lock.
      seq: conversation.messageCount + 1,
      sender_id: userId,
      content,
      created_at: event!.occurredAt,
    };
  });
}

export type MarkKind = 'delivered' | 'read';

/** Raises the caller's delivered or read mark to `upToMessageId`; a mark never goes down. */
export async function markUpTo(
  ctx: CommandContext,
  userId: string,
  conversationId: string,
  upToMessageId: string,
  kind: MarkKind,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const conversation = await lockConversation(trx, conversationId, userId);
    const message = await trx
      .selectFrom('messages')
      .select('seq')
      .where('id', '=', upToMessageId)
      .where('conversation_id', '=', conversation.id)
      .executeTakeFirst();
    if (!message) throw notFound(socialMessages.messageNotFound);
    const marks = await trx
      .selectFrom('conversation_members')
      .select(['delivered_seq', 'read_seq'])
      .where('conversation_id', '=', conversation.id)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const current = kind === 'delivered' ? marks.delivered_seq : marks.read_seq;
    if (message.seq <= current) return;
    const data = { conversationId: conversation.id, userId, upToMessageId };
    await append(
      trx,
      conversation.streamId,
      conversation.version,
      [kind === 'delivered' ? { type: 'MessagesDelivered', data } : { type: 'MessagesRead', data }],
      metadataOf(ctx, userId),
    );
  });
}

type FlagField = 'isPinned' | 'isStarred' | 'isArchived';
export type FlagsUpdate = Partial<Pick<Conversation, FlagField>>;

const FLAGS: {
  field: FlagField;
  flag: ConversationFlag;
  column: 'is_pinned' | 'is_starred' | 'is_archived';
}[] = [
  { field: 'isPinned', flag: 'pinned', column: 'is_pinned' },
  { field: 'isStarred', flag: 'starred', column: 'is_starred' },
  { field: 'isArchived', flag: 'archived', column: 'is_archived' },
];

/** Sets the caller's own flags; one event per flag that changes, none when nothing does. */
export async function setConversationFlags(
  ctx: CommandContext,
  userId: string,
  conversationId: string,
  update: FlagsUpdate,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const conversation = await lockConversation(trx, conversationId, userId);
    const member = await trx
      .selectFrom('conversation_members')
      .select(['is_pinned', 'is_starred', 'is_archived'])
      .where('conversation_id', '=', conversation.id)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const events: NewEvent[] = FLAGS.flatMap(({ field, flag, column }) => {
      const value = update[field];
      if (value === undefined || value === member[column]) return [];
      return [
        {
          type: 'ConversationFlagSet' as const,
          data: { conversationId: conversation.id, userId, flag, value },
        },
      ];
    });
    await append(trx, conversation.streamId, conversation.version, events, metadataOf(ctx, userId));
  });
}
