import { sql } from 'kysely';
import type { BadgeCounter } from '../../../shared/badges';
import type { EventType } from '../../../shared/events';
import { friendEvents } from '../../../shared/events/friends';
import { messagingEvents } from '../../../shared/events/messaging';
import { notificationEvents } from '../../../shared/events/notifications';
import type { Db, Trx } from '../../db/schema';
import type { Projection } from '../../eventstore/projection';
import type { StoredEvent } from '../../eventstore/stored-event';

const COLUMN: Record<BadgeCounter, 'notifications' | 'messages' | 'friend_requests'> = {
  notifications: 'notifications',
  messages: 'messages',
  friendRequests: 'friend_requests',
};

/** Events after which the members they touch get their badges recounted from the read models. */
const recountOn = [
  ...Object.keys(friendEvents),
  ...Object.keys(messagingEvents),
  ...Object.keys(notificationEvents),
] as EventType[];

const handles: readonly EventType[] = ['UserRegistered', 'TestCounterAdjusted', ...recountOn];

/**
 * The members an event touches, as far as the event itself says: `conversationId` when the
 * conversation's participants are concerned too (a message names its sender only).
 */
function touched(event: StoredEvent): { userIds: string[]; conversationId: string | null } {
  switch (event.type) {
    case 'FriendRequestSent':
    case 'FriendRequestAccepted':
    case 'FriendRequestRejected':
    case 'FriendRequestCancelled':
      return { userIds: [event.data.fromUserId, event.data.toUserId], conversationId: null };
    case 'FriendRemoved':
    case 'FriendPermissionsChanged':
      return { userIds: [event.data.userId, event.data.friendId], conversationId: null };
    case 'MemberBlocked':
    case 'MemberUnblocked':
      return { userIds: [event.data.userId, event.data.blockedUserId], conversationId: null };
    case 'ConversationStarted':
      return { userIds: event.data.participantIds, conversationId: null };
    case 'MessageSent':
      return { userIds: [event.data.senderId], conversationId: event.data.conversationId };
    case 'MessagesDelivered':
    case 'MessagesRead':
    case 'ConversationFlagSet':
      return { userIds: [event.data.userId], conversationId: event.data.conversationId };
    case 'NotificationRead':
    case 'AllNotificationsRead':
    case 'NotificationPreferencesChanged':
    case 'TestCounterAdjusted':
      return { userIds: [event.data.userId], conversationId: null };
    default:
      return { userIds: [], conversationId: null };
  }
}

async function participantsOf(
  db: Db | Trx,
  conversationIds: string[],
): Promise<{ conversation_id: string; user_id: string }[]> {
  if (conversationIds.length === 0) return [];
  return db
    .selectFrom('conversation_members')
    .select(['conversation_id', 'user_id'])
    .where('conversation_id', 'in', conversationIds)
    .execute();
}

/**
 * Locks the badge rows of every member the event touches (with a conversation's participants
 * looked up in the same statement) and sets their counts to what the read models hold now.
 * The lock is a statement of its own, taken in id order: the counting statement then starts
 * after any writer that held a row has committed, so it sees that writer's changes (one
 * statement that waited for the lock would still count from the snapshot it started with).
 */
async function recount(trx: Trx, event: StoredEvent): Promise<void> {
  const { userIds, conversationId } = touched(event);
  if (userIds.length === 0 && !conversationId) return;
  const locked = await trx
    .selectFrom('badges')
    .select('user_id')
    .where((eb) =>
      eb.or([
        ...(userIds.length > 0 ? [eb('user_id', 'in', userIds)] : []),
        ...(conversationId
          ? [
              eb(
                'user_id',
                'in',
                eb
                  .selectFrom('conversation_members')
                  .select('user_id')
                  .where('conversation_id', '=', conversationId),
              ),
            ]
          : []),
      ]),
    )
    .orderBy('user_id')
    .forUpdate()
    .execute();
  if (locked.length === 0) return;
  const ids = locked.map((row) => row.user_id);
  await sql`
    update badges b
    set notifications = c.notifications,
        friend_requests = c.friend_requests,
        messages = c.messages,
        version = b.version + 1
    from (
      select u.id as user_id,
        (select count(*) from notifications n
          where n.user_id = u.id and not n.read)::int as notifications,
        (select count(*) from friend_requests f
          where f.to_user_id = u.id and f.status = 'pending')::int as friend_requests,
        (select coalesce(sum(m.unread_count), 0) from conversation_members m
          where m.user_id = u.id)::int as messages
      from unnest(${ids}::uuid[]) as u(id)
    ) c
    where b.user_id = c.user_id
      and (b.notifications, b.friend_requests, b.messages)
        is distinct from (c.notifications, c.friend_requests, c.messages)`.execute(trx);
}

/**
 * Badge counts per member. `version` counts the row's changes: it rises with every change in
 * commit order (the row lock orders writers), which a global position would not guarantee.
 */
export const badgesProjection: Projection = {
  name: 'badges',
  tables: ['badges'],
  handles,
  async apply(event, trx) {
    switch (event.type) {
      case 'UserRegistered':
        await trx.insertInto('badges').values({ user_id: event.data.userId }).execute();
        return;
      case 'TestCounterAdjusted': {
        const column = COLUMN[event.data.counter];
        await trx
          .updateTable('badges')
          .set({
            [column]: sql`greatest(${sql.ref(column)} + ${event.data.delta}, 0)`,
            version: sql`version + 1`,
          })
          .where('user_id', '=', event.data.userId)
          .execute();
        return;
      }
      case 'MessageSent':
        // The hot path takes one statement instead of a lock and a recount: the messaging
        // projection has just added exactly one unread message for every participant but the
        // sender, and an increment applies to the latest row even after waiting for its lock.
        await sql`
          update badges set messages = messages + 1, version = version + 1
          where user_id in (
            select user_id from conversation_members
            where conversation_id = ${event.data.conversationId}
              and user_id <> ${event.data.senderId})`.execute(trx);
        return;
      default:
        await recount(trx, event);
        return;
    }
  },
};

/** The members whose badges a batch of events may have changed, looked up in one query. */
export async function badgeAudience(events: StoredEvent[], db: Db): Promise<string[]> {
  const audience = new Set<string>();
  const conversationIds = new Set<string>();
  for (const event of events) {
    if (event.type === 'UserRegistered') continue;
    const { userIds, conversationId } = touched(event);
    userIds.forEach((id) => audience.add(id));
    if (conversationId) conversationIds.add(conversationId);
  }
  for (const { user_id } of await participantsOf(db, [...conversationIds])) audience.add(user_id);
  return [...audience];
}
