import { sql } from 'kysely';
import { MAX_CONVERSATIONS_PER_MEMBER, socialMessages } from '../../../shared/social';
import type { Trx } from '../../db/schema';
import { forbidden, HttpError, notFound } from '../../http/errors';
import { blockedEitherWay } from '../friends/blocks-read';
import { conversationStreamId, isUuid } from './conversation-id';

export interface LockedConversation {
  id: string;
  streamId: string;
  /** The stream's current version, read under the row lock. */
  version: number;
  messageCount: number;
  contactId: string;
  /** Whether either participant blocked the other. */
  blocked: boolean;
  /** Between friends, what the contact lets the caller do; null when they are not friends. */
  contactPermissions: string[] | null;
}

/**
 * Locks the conversation for the rest of the transaction and checks the caller is in it.
 * Every command on a conversation takes this lock first, so they run one after another and
 * append in the order they commit.
 */
export async function lockConversation(
  trx: Trx,
  conversationId: string,
  userId: string,
): Promise<LockedConversation> {
  if (!isUuid(conversationId)) throw notFound(socialMessages.conversationNotFound);
  const row = await trx
    .selectFrom('conversations')
    .select(['id', 'participant_ids', 'message_count'])
    .where('id', '=', conversationId)
    .forUpdate()
    .executeTakeFirst();
  const contactId = row?.participant_ids.find((id) => id !== userId);
  if (!row || !contactId || !row.participant_ids.includes(userId)) {
    throw notFound(socialMessages.conversationNotFound);
  }
  // A statement of its own, after the lock is granted: its snapshot includes the append of the
  // transaction that held the lock (a subquery of the locking statement would not). The rules a
  // message must pass come along, to save a round trip.
  const streamId = conversationStreamId(row.id);
  const { rows } = await sql<{
    version: number | null;
    blocked: boolean;
    permissions: string[] | null;
  }>`
    select
      (select max(stream_version) from events where stream_id = ${streamId}) as version,
      exists (
        select 1 from blocks
        where (user_id = ${userId} and blocked_user_id = ${contactId})
           or (user_id = ${contactId} and blocked_user_id = ${userId})
      ) as blocked,
      (select permissions from friendships
        where user_id = ${contactId} and friend_id = ${userId}) as permissions`.execute(trx);
  const state = rows[0]!;
  return {
    id: row.id,
    streamId,
    version: state.version ?? 0,
    messageCount: row.message_count,
    contactId,
    blocked: state.blocked,
    contactPermissions: state.permissions,
  };
}

/** Neither member may have blocked the other. */
export async function assertNotBlocked(trx: Trx, userId: string, otherId: string): Promise<void> {
  if (await blockedEitherWay(trx, userId, otherId)) throw forbidden(socialMessages.blocked);
}

/**
 * A message needs neither member to have blocked the other, and, between friends, the
 * recipient not to have taken `write` away from the sender.
 */
export function assertMayMessage(conversation: LockedConversation): void {
  if (conversation.blocked) throw forbidden(socialMessages.blocked);
  const permissions = conversation.contactPermissions;
  if (permissions && !permissions.includes('write')) {
    throw forbidden(socialMessages.operationNotPermitted('write'));
  }
}

/**
 * Takes each member's lock on starting conversations, in id order so two starts never wait on
 * each other crosswise. Held to commit, the locks make two starts of the same pair meet one after
 * the other and keep each member's conversation count exact while it is checked.
 */
export async function lockConversationStarts(trx: Trx, memberIds: string[]): Promise<void> {
  const ordered = [...new Set(memberIds)].sort();
  for (const id of ordered) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`conversations:${id}`}, 0))`.execute(
      trx,
    );
  }
}

/** Refuses a new conversation when either member already has the most allowed. */
export async function assertConversationRoom(trx: Trx, memberIds: string[]): Promise<void> {
  const counts = await trx
    .selectFrom('conversation_members')
    .select(['user_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('user_id', 'in', memberIds)
    .groupBy('user_id')
    .execute();
  if (counts.some((row) => Number(row.count) >= MAX_CONVERSATIONS_PER_MEMBER)) {
    throw new HttpError(409, 'conversation-limit', socialMessages.conversationLimit);
  }
}
