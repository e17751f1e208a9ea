import { sql } from 'kysely';
import type { EventType } from '../../../shared/events';
import type { ConversationFlag } from '../../../shared/events/messaging';
import { qb, statement, type Statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';
import { eraseMemberConversations } from './messaging-erasure';

export const messagingEventTypes = [
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

const seqOf = (messageId: string) =>
  sql<number>`(select seq from messages where id = ${messageId}::uuid)`;

/** The contact's view shows this member's marks, so it changes whenever they rise. */
function bumpContactView(conversationId: string, userId: string): Statement {
  return statement(
    qb
      .updateTable('conversation_members')
      .set({ version: sql`version + 1` })
      .where('conversation_id', '=', conversationId)
      .where('contact_id', '=', userId),
  );
}

/**
 * Conversations, each participant's view of them, and messages. A member's `version` rises with
 * every change to what that member sees. Times come from the events, so a rebuild is identical.
 */
export const messagingProjection: Projection = {
  name: 'messaging',
  tables: ['conversations', 'conversation_members', 'messages'],
  handles: [...messagingEventTypes, 'AccountDeleted'],
  project(event) {
    switch (event.type) {
      case 'ConversationStarted': {
        const { conversationId, participantIds } = event.data;
        return [
          statement(
            qb.insertInto('conversations').values({
              id: conversationId,
              participant_ids: participantIds,
              created_at: event.occurredAt,
              updated_at: event.occurredAt,
            }),
          ),
          statement(
            qb.insertInto('conversation_members').values(
              participantIds.map((userId) => ({
                conversation_id: conversationId,
                user_id: userId,
                contact_id: participantIds.find((id) => id !== userId) ?? userId,
              })),
            ),
          ),
        ];
      }
      case 'MessageSent': {
        const { conversationId, messageId, senderId, content } = event.data;
        // One statement: count the message on the conversation, store it at that position, and
        // give the recipient an unread message (un-archiving it for them).
        return [
          statement(sql`
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
            where conversation_id = ${conversationId}`),
        ];
      }
      case 'MessagesDelivered': {
        const { conversationId, userId, upToMessageId } = event.data;
        return [
          statement(
            qb
              .updateTable('conversation_members')
              .set({ delivered_seq: sql`greatest(delivered_seq, ${seqOf(upToMessageId)})` })
              .where('conversation_id', '=', conversationId)
              .where('user_id', '=', userId),
          ),
          bumpContactView(conversationId, userId),
        ];
      }
      case 'MessagesRead': {
        const { conversationId, userId, upToMessageId } = event.data;
        const seq = seqOf(upToMessageId);
        // Reading implies delivery; what stays unread is what came in after the new mark.
        return [
          statement(
            qb
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
              .where('user_id', '=', userId),
          ),
          bumpContactView(conversationId, userId),
        ];
      }
      case 'ConversationFlagSet': {
        const { conversationId, userId, flag, value } = event.data;
        return [
          statement(
            qb
              .updateTable('conversation_members')
              .set({ [FLAG_COLUMN[flag]]: value, version: sql`version + 1` })
              .where('conversation_id', '=', conversationId)
              .where('user_id', '=', userId),
          ),
        ];
      }
      case 'AccountDeleted':
        return eraseMemberConversations(event.data.userId);
      default:
        return [];
    }
  },
};
