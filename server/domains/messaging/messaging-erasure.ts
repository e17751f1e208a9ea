import { sql } from 'kysely';
import { statement, type Statement } from '../../db/statement';

/**
 * A deleted member's conversations leave the read models whole, for both participants: every
 * conversation has exactly two, and the other's thread with someone who no longer exists has no
 * one to answer (the unread count it held goes with it; badges recount after this). The members
 * its messages mention go with the messages, and the mention notifications with the member
 * (notifications-erasure.ts): every one of them is the deleted member's or raised by them.
 */
export function eraseMemberConversations(userId: string): Statement[] {
  const theirs = sql`(select id from conversations where ${userId}::uuid = any(participant_ids))`;
  return [
    statement(sql`delete from messages where conversation_id in ${theirs}`),
    statement(sql`delete from conversation_members where conversation_id in ${theirs}`),
    statement(sql`delete from conversations where ${userId}::uuid = any(participant_ids)`),
  ];
}
