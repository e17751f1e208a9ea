import { sql } from 'kysely';
import type { EventType } from '../../../shared/events';
import type { ConversationFlag } from '../../../shared/events/messaging';
import type { Trx } from '../../db/schema';
import type { Projection } from '../../eventstore/projection';

const handles = [
  'ConversationStarted',
  'MessageSent',
  'MessagesDelivered',
  'MessagesRead',
  'ConversationFlagSet',
] as const satisfies readonly EventType[];

const FLAG_COLUMN: Record<ConversationFlag, 'is_pinned' | 'is_starred' | 'is_archived'> = {
  pinned: 'is_pinned',
  starred: 'is_starred',
  archived: 'is_archived',
};

async function seqOf(trx: Trx, messageId: string): Promise<number> {
  const message = await trx
    .selectFrom('messages')
    .select('seq')
    .where('id', '=', messageId)
    .executeTakeFirstOrThrow();
  return message.seq;
}

/** The contact's view shows this member's marks, so it changes whenever they rise. */
async function bumpContactView(trx: Trx, conversationId: string, userId: string): Promise<void> {
  await trx
    .updateTable('conversation_members')
    .set({ version: sql`version + 1` })
    .where('conversation_id', '=', conversationId)
    .where('contact_id', '=', userId)
    .execute();
}

/**
 * Conversations, each participant's view of them, and messages. A member's `version` rises with
 * every change to what that member sees. Times come from the events, so a rebuild is identical.
 */
export const messagingProjection: Projection = {
  name: 'messaging',
  tables: ['conversations', 'conversation_members', 'messages'],
  handles,
  async apply(event, trx) {
    switch (event.type) {
      case 'ConversationStarted': {
        const { conversationId, participantIds } = event.data;
        await trx
          .insertInto('conversations')
          .values({
            id: conversationId,
            participant_ids: participantIds,
            created_at: event.occurredAt,
            updated_at: event.occurredAt,
          })
          .execute();
        await trx
          .insertInto('conversation_members')
          .values(
            participantIds.map((userId) => ({
              conversation_id: conversationId,
              user_id: userId,
              contact_id: participantIds.find((id) => id !== userId) ?? userId,
            })),
          )
          .execute();
        return;
      }
      case 'MessageSent': {
        const { conversationId, messageId, senderId, content } = event.data;
        // One statement, one round trip: count the message on the conversation, store it at
        // that position, and give the recipient an unread message (un-archiving it for them).
        await sql`
          with counted as (
            update conversations
            set message_count = message_count + 1,
              last_message_id = ${messageId},
              last_message_content = ${content},
              last_message_sender_id = ${senderId},
              updated_at = ${event.occurredAt}
            where id = ${conversationId}
            returning message_count
          ), stored as (
            insert into messages (id, conversation_id, seq, sender_id, content, created_at)
            select ${messageId}::uuid, ${conversationId}::uuid, message_count, ${senderId}::uuid,
              ${content}::text, ${event.occurredAt}::timestamptz
            from counted
          )
          update conversation_members
          set version = version + 1,
            unread_count = unread_count + (case when user_id = ${senderId} then 0 else 1 end),
            is_archived = is_archived and user_id = ${senderId}
          where conversation_id = ${conversationId}`.execute(trx);
        return;
      }
      case 'MessagesDelivered': {
        const { conversationId, userId, upToMessageId } = event.data;
        const seq = await seqOf(trx, upToMessageId);
        await trx
          .updateTable('conversation_members')
          .set({ delivered_seq: sql`greatest(delivered_seq, ${seq})` })
          .where('conversation_id', '=', conversationId)
          .where('user_id', '=', userId)
          .execute();
        await bumpContactView(trx, conversationId, userId);
        return;
      }
      case 'MessagesRead': {
        const { conversationId, userId, upToMessageId } = event.data;
        const seq = await seqOf(trx, upToMessageId);
        // Reading implies delivery; what stays unread is what came in after the new mark.
        await trx
          .updateTable('conversation_members')
          .set((eb) => ({
            read_seq: sql`greatest(read_seq, ${seq})`,
            delivered_seq: sql`greatest(delivered_seq, ${seq})`,
            unread_count: eb
              .selectFrom('messages')
              .select(sql<number>`count(*)::int`.as('unread'))
              .where('messages.conversation_id', '=', conversationId)
              .where('messages.sender_id', '<>', userId)
              .where(
                'messages.seq',
                '>',
                sql<number>`greatest(conversation_members.read_seq, ${seq})`,
              ),
            version: sql`version + 1`,
          }))
          .where('conversation_id', '=', conversationId)
          .where('user_id', '=', userId)
          .execute();
        await bumpContactView(trx, conversationId, userId);
        return;
      }
      case 'ConversationFlagSet': {
        const { conversationId, userId, flag, value } = event.data;
        await trx
          .updateTable('conversation_members')
          .set({ [FLAG_COLUMN[flag]]: value, version: sql`version + 1` })
          .where('conversation_id', '=', conversationId)
          .where('user_id', '=', userId)
          .execute();
        return;
      }
      default:
        return;
    }
  },
};
