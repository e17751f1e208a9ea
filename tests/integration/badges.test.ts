import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Badges } from '../../shared/badges';
import { SOCKET_EVENTS } from '../../shared/realtime';
import { answerRequest, appendToStream, sendRequest } from '../support/social-events';
import { badgesOf, signUp, type TestMember } from '../support/factories';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';

const stack = useServerWithDatabase();
const db = () => stack.database.db;

/** What the read models say each badge should be, counted independently of the projection. */
async function countedFromReadModels(who: TestMember) {
  const { rows } = await sql<{ notifications: number; friendRequests: number; messages: number }>`
    select
      (select count(*) from notifications where user_id = ${who.id} and not read)::int
        as "notifications",
      (select count(*) from friend_requests where to_user_id = ${who.id} and status = 'pending')::int
        as "friendRequests",
      (select coalesce(sum(unread_count), 0) from conversation_members where user_id = ${who.id})::int
        as "messages"`.execute(db());
  return rows[0]!;
}

async function expectBadges(who: TestMember, expected: Omit<Badges, 'version'>) {
  const badges = await badgesOf(stack.server, who);
  expect(badges).toMatchObject(expected);
  expect(await countedFromReadModels(who)).toEqual(expected);
  return badges;
}

describe('friend request badges', () => {
  it('follow requests sent, cancelled, rejected and accepted', async () => {
    const [ana, bo] = await Promise.all([signUp(stack.server), signUp(stack.server)]);

    const first = await sendRequest(db(), ana.id, bo.id);
    await expectBadges(bo, { friendRequests: 1, notifications: 1, messages: 0 });
    await expectBadges(ana, { friendRequests: 0, notifications: 0, messages: 0 });

    await answerRequest(db(), 'FriendRequestCancelled', {
      requestId: first,
      fromUserId: ana.id,
      toUserId: bo.id,
    });
    await expectBadges(bo, { friendRequests: 0, notifications: 1, messages: 0 });

    const second = await sendRequest(db(), ana.id, bo.id);
    await expectBadges(bo, { friendRequests: 1, notifications: 1, messages: 0 });
    await answerRequest(db(), 'FriendRequestRejected', {
      requestId: second,
      fromUserId: ana.id,
      toUserId: bo.id,
    });
    await expectBadges(bo, { friendRequests: 0, notifications: 1, messages: 0 });

    const third = await sendRequest(db(), bo.id, ana.id);
    await expectBadges(ana, { friendRequests: 1, notifications: 1, messages: 0 });
    await answerRequest(db(), 'FriendRequestAccepted', {
      requestId: third,
      fromUserId: bo.id,
      toUserId: ana.id,
    });
    await expectBadges(ana, { friendRequests: 0, notifications: 1, messages: 0 });
    // Bo's unread "requested" notification gathers nothing new; the acceptance is its own group.
    await expectBadges(bo, { friendRequests: 0, notifications: 2, messages: 0 });
  });

  it('pushes the recipient their new counts', async () => {
    const [ana, bo] = await Promise.all([signUp(stack.server), signUp(stack.server)]);
    const socket = await connectAs(stack.server, bo);
    const pushed = waitForEvent<Badges>(socket, SOCKET_EVENTS.badges);
    await sendRequest(db(), ana.id, bo.id);
    await expect(pushed).resolves.toMatchObject({ friendRequests: 1, notifications: 1 });
    socket.close();
  });
});

describe('message badges', () => {
  it('follow messages sent and read, and pushes them to the recipient', async () => {
    const [ana, bo] = await Promise.all([signUp(stack.server), signUp(stack.server)]);
    const conversationId = randomUUID();
    const stream = `conversation-${conversationId}`;
    await appendToStream(db(), stream, [
      {
        type: 'ConversationStarted',
        data: { conversationId, startedBy: ana.id, participantIds: [ana.id, bo.id] },
      },
    ]);

    const socket = await connectAs(stack.server, bo);
    const pushed = waitForEvent<Badges>(socket, SOCKET_EVENTS.badges, (b) => b.messages === 3);
    const messageIds = [randomUUID(), randomUUID(), randomUUID()];
    for (const messageId of messageIds) {
      await appendToStream(db(), stream, [
        {
          type: 'MessageSent',
          data: { conversationId, messageId, senderId: ana.id, content: 'hello' },
        },
      ]);
    }
    await expect(pushed).resolves.toMatchObject({ messages: 3 });
    socket.close();
    const afterSend = await expectBadges(bo, { messages: 3, notifications: 0, friendRequests: 0 });
    await expectBadges(ana, { messages: 0, notifications: 0, friendRequests: 0 });

    // Delivery changes no count, so it leaves the row (and its version) alone.
    await appendToStream(db(), stream, [
      {
        type: 'MessagesDelivered',
        data: { conversationId, userId: bo.id, upToMessageId: messageIds[2]! },
      },
    ]);
    expect((await badgesOf(stack.server, bo)).version).toBe(afterSend.version);

    await appendToStream(db(), stream, [
      {
        type: 'MessagesRead',
        data: { conversationId, userId: bo.id, upToMessageId: messageIds[1]! },
      },
    ]);
    const afterRead = await expectBadges(bo, { messages: 1, notifications: 0, friendRequests: 0 });
    expect(afterRead.version).toBe(afterSend.version + 1);

    await appendToStream(db(), stream, [
      {
        type: 'MessagesRead',
        data: { conversationId, userId: bo.id, upToMessageId: messageIds[2]! },
      },
    ]);
    await expectBadges(bo, { messages: 0, notifications: 0, friendRequests: 0 });
  });
});
