import { sql } from 'kysely';
import { callEntryText, type CallEntry } from '../../../shared/calls';
import { statement, type Statement } from '../../db/statement';

/**
 * The call's entry in its thread, written as a message from the caller is (messaging's
 * `MessageSent`): numbered after the conversation's last message, shown as the conversation's
 * latest, unread for the callee. Its id is the call's, so a replay writes the same row.
 */
export function callThreadEntry(args: {
  conversationId: string;
  callerId: string;
  entry: CallEntry;
  at: Date;
}): Statement {
  const { conversationId, callerId, entry, at } = args;
  const content = callEntryText(entry);
  return statement(sql`
    with counted as (
      update conversations
      set message_count = message_count + 1,
        last_message_id = ${entry.callId},
        last_message_content = ${content},
        last_message_sender_id = ${callerId},
        updated_at = ${at}
      where id = ${conversationId}
      returning message_count
    ), stored as (
      insert into messages (id, conversation_id, seq, sender_id, content, created_at, call)
      select ${entry.callId}::uuid, ${conversationId}::uuid, message_count, ${callerId}::uuid,
        ${content}::text, ${at}::timestamptz, ${JSON.stringify(entry)}::jsonb
      from counted
    )
    update conversation_members
    set version = version + 1,
      unread_count = unread_count + (case when user_id = ${callerId} then 0 else 1 end),
      is_archived = is_archived and user_id = ${callerId}
    where conversation_id = ${conversationId}`);
}
