import { profileMessages } from '../../shared/profiles';
import { FRIEND_PERMISSIONS, socialMessages } from '../../shared/social';
import {
  blockMember,
  friendsCommands,
  removeFriend,
  setFriendPermissions,
  unblockMember,
} from '../../server/domains/friends/commands';
import {
  friendRequestAcceptedTemplate,
  friendRequestTemplate,
} from '../../server/domains/email/templates';
import type { NotificationEmailContext } from '../../server/domains/notifications/notification-emails';
import {
  ANA,
  BEN,
  CAT,
  by,
  decide,
  refusal,
  refusedAs,
  storedTemplate,
  type StateOf,
} from './support/decide';

const { sendRequest, actOnRequest } = friendsCommands({ publicUrl: 'https://agora.example' });

/** Ana and Ben's stream: the lower id first, whoever acts. */
const PAIR = `friendship-${ANA}-${BEN}`;

const noEmail: NotificationEmailContext = { template: null, recipientEmail: null, actorName: null };
const wantsEmail = (template = friendRequestTemplate): NotificationEmailContext => ({
  template: storedTemplate(template),
  recipientEmail: 'someone@example.com',
  actorName: 'someone',
});

describe('sending a friend request', () => {
  const strangers = (
    over: Partial<StateOf<typeof sendRequest>> = {},
  ): StateOf<typeof sendRequest> => ({
    version: 3,
    friends: false,
    recipient: { status: 'active' },
    blocked: false,
    requestsOff: false,
    pending: [],
    email: noEmail,
    ...over,
  });

  it('refuses a member who turned friend requests off', async () => {
    const refused = await refusal(sendRequest, strangers({ requestsOff: true }), {
      senderId: ANA,
      toUserId: BEN,
    });
    expect(refused).toEqual(
      refusedAs.forbidden('friend-requests-off', profileMessages.friendRequestsOff),
    );
  });

  it('refuses a request to oneself', async () => {
    const refused = await refusal(sendRequest, strangers(), { senderId: ANA, toUserId: ANA });
    expect(refused).toEqual(refusedAs.invalid('request-to-self', socialMessages.requestToSelf));
  });

  it('refuses an unknown or disabled member as not found', async () => {
    for (const recipient of [undefined, { status: 'disabled' as const }]) {
      const refused = await refusal(sendRequest, strangers({ recipient }), {
        senderId: ANA,
        toUserId: BEN,
      });
      expect(refused).toEqual(refusedAs.notFound(socialMessages.userNotFound));
    }
  });

  it('refuses across a block', async () => {
    const refused = await refusal(sendRequest, strangers({ blocked: true }), {
      senderId: ANA,
      toUserId: BEN,
    });
    expect(refused).toEqual(refusedAs.forbidden('blocked', socialMessages.blocked));
  });

  it('refuses a friend, and a pair with a request pending', async () => {
    const when = { senderId: ANA, toUserId: BEN };
    expect(await refusal(sendRequest, strangers({ friends: true }), when)).toEqual(
      refusedAs.conflict('already-friends', socialMessages.alreadyFriends),
    );
    const pending = [{ id: 'r-1', from_user_id: BEN, to_user_id: ANA }];
    expect(await refusal(sendRequest, strangers({ pending }), when)).toEqual(
      refusedAs.conflict('request-pending', socialMessages.requestPending),
    );
  });

  it("appends FriendRequestSent to the pair's stream at the version read, under the daily limit", async () => {
    const decision = await decide(
      sendRequest,
      strangers(),
      { senderId: BEN, toUserId: ANA, message: 'hello' },
      by(BEN),
    );
    expect(decision).toMatchObject({
      appends: [{ streamId: PAIR, expectedVersion: 3, types: ['FriendRequestSent'] }],
      // The sender's lock, then the limit counted under it at commit.
      guards: 2,
      effects: 0,
      result: expect.any(String),
    });
    expect(decision.events).toEqual([
      {
        type: 'FriendRequestSent',
        data: { requestId: decision.result, fromUserId: BEN, toUserId: ANA, message: 'hello' },
      },
    ]);
  });

  it('records no message as null, and queues the email when the recipient wants it', async () => {
    const decision = await decide(sendRequest, strangers({ email: wantsEmail() }), {
      senderId: ANA,
      toUserId: BEN,
    });
    expect(decision.events).toEqual([
      {
        type: 'FriendRequestSent',
        data: { requestId: expect.any(String), fromUserId: ANA, toUserId: BEN, message: null },
      },
    ]);
    // The outbox row, the workers' wake-up and the operators' queue counts.
    expect(decision.effects).toBe(3);
  });
});

describe('answering a friend request', () => {
  const request = {
    id: 'request-1',
    from_user_id: ANA,
    to_user_id: BEN,
    status: 'pending' as const,
    message: null,
    created_at: new Date('2026-03-01T10:00:00.000Z'),
    responded_at: null,
  };
  const pending = (
    over: Partial<StateOf<typeof actOnRequest>> = {},
  ): StateOf<typeof actOnRequest> => ({
    request,
    version: 1,
    blocked: false,
    email: noEmail,
    ...over,
  });
  const notFound = refusedAs.notFound(socialMessages.requestNotFound);

  it('answers not found for an unknown request', async () => {
    const refused = await refusal(actOnRequest, pending({ request: undefined }), {
      actorId: BEN,
      requestId: 'request-1',
      action: 'accept',
    });
    expect(refused).toEqual(notFound);
  });

  it('answers not found to anyone but the recipient answering, or the sender withdrawing', async () => {
    for (const [actorId, action] of [
      [ANA, 'accept'],
      [ANA, 'reject'],
      [BEN, 'cancel'],
      [CAT, 'accept'],
      [CAT, 'cancel'],
    ] as const) {
      const refused = await refusal(actOnRequest, pending(), {
        actorId,
        requestId: request.id,
        action,
      });
      expect(refused).toEqual(notFound);
    }
  });

  it('refuses a request that is no longer pending', async () => {
    const refused = await refusal(
      actOnRequest,
      pending({ request: { ...request, status: 'rejected' } }),
      { actorId: BEN, requestId: request.id, action: 'accept' },
    );
    expect(refused).toEqual(
      refusedAs.conflict('request-not-pending', socialMessages.requestNotPending),
    );
  });

  it('refuses to accept across a block', async () => {
    const refused = await refusal(actOnRequest, pending({ blocked: true }), {
      actorId: BEN,
      requestId: request.id,
      action: 'accept',
    });
    expect(refused).toEqual(refusedAs.forbidden('blocked', socialMessages.blocked));
  });

  it('accepts: FriendRequestAccepted at the version read, and the email the sender wants', async () => {
    const decision = await decide(
      actOnRequest,
      pending({ email: wantsEmail(friendRequestAcceptedTemplate) }),
      { actorId: BEN, requestId: request.id, action: 'accept' },
      by(BEN),
    );
    expect(decision).toMatchObject({
      appends: [{ streamId: PAIR, expectedVersion: 1, types: ['FriendRequestAccepted'] }],
      guards: 0,
      effects: 3,
      result: request,
    });
    expect(decision.events).toEqual([
      {
        type: 'FriendRequestAccepted',
        data: { requestId: request.id, fromUserId: ANA, toUserId: BEN },
      },
    ]);
  });

  it('rejects and cancels even across a block, with no email', async () => {
    for (const [actorId, action, type] of [
      [BEN, 'reject', 'FriendRequestRejected'],
      [ANA, 'cancel', 'FriendRequestCancelled'],
    ] as const) {
      const decision = await decide(
        actOnRequest,
        pending({ blocked: true, email: wantsEmail(friendRequestAcceptedTemplate) }),
        { actorId, requestId: request.id, action },
      );
      expect(decision).toMatchObject({
        appends: [{ streamId: PAIR, expectedVersion: 1, types: [type] }],
        effects: 0,
      });
    }
  });
});

describe('removing a friend', () => {
  it('answers not found when they are not friends', async () => {
    const refused = await refusal(
      removeFriend,
      { version: 2, friends: false, mayEnd: true },
      { userId: ANA, friendId: BEN },
    );
    expect(refused).toEqual(refusedAs.notFound(socialMessages.friendNotFound));
  });

  it('refuses a friend the other took delete away from, with the sandbox text', async () => {
    const refused = await refusal(
      removeFriend,
      { version: 2, friends: true, mayEnd: false },
      { userId: BEN, friendId: ANA },
    );
    expect(refused).toEqual(
      refusedAs.forbidden(
        'operation-not-permitted',
        socialMessages.operationNotPermitted('delete'),
      ),
    );
  });

  it('appends FriendRemoved as the member who removes', async () => {
    const decision = await decide(
      removeFriend,
      { version: 2, friends: true, mayEnd: true },
      { userId: BEN, friendId: ANA },
    );
    expect(decision.appends).toEqual([
      { streamId: PAIR, expectedVersion: 2, types: ['FriendRemoved'] },
    ]);
    expect(decision.events).toEqual([
      { type: 'FriendRemoved', data: { userId: BEN, friendId: ANA } },
    ]);
  });
});

describe("setting a friend's permissions", () => {
  const friendSide = { version: 4, side: { permissions: [...FRIEND_PERMISSIONS] } };

  it('refuses an operation outside the four with the sandbox text, before anything else', async () => {
    const refused = await refusal(
      setFriendPermissions,
      { version: 4, side: undefined },
      { userId: ANA, friendId: BEN, permissions: ['read', 'admin'] },
    );
    expect(refused).toEqual(
      refusedAs.invalid('operation-not-permitted', socialMessages.operationNotPermitted('admin')),
    );
  });

  it('answers not found for a member who is not a friend', async () => {
    const refused = await refusal(
      setFriendPermissions,
      { version: 4, side: undefined },
      { userId: ANA, friendId: BEN, permissions: ['read'] },
    );
    expect(refused).toEqual(refusedAs.notFound(socialMessages.friendNotFound));
  });

  it('refuses a permission named twice', async () => {
    const refused = await refusal(setFriendPermissions, friendSide, {
      userId: ANA,
      friendId: BEN,
      permissions: ['search', 'read', 'read'],
    });
    const message = socialMessages.permissionRepeated;
    expect(refused).toEqual(refusedAs.invalid('validation', message, { permissions: message }));
  });

  it('appends nothing when the permissions, put in order, are what they are', async () => {
    const decision = await decide(setFriendPermissions, friendSide, {
      userId: ANA,
      friendId: BEN,
      permissions: ['delete', 'search', 'write', 'read'],
    });
    expect(decision.appends).toEqual([]);
  });

  it('appends FriendPermissionsChanged with the permissions in their canonical order', async () => {
    const decision = await decide(setFriendPermissions, friendSide, {
      userId: BEN,
      friendId: ANA,
      permissions: ['search', 'read'],
    });
    expect(decision.appends).toEqual([
      { streamId: PAIR, expectedVersion: 4, types: ['FriendPermissionsChanged'] },
    ]);
    expect(decision.events).toEqual([
      {
        type: 'FriendPermissionsChanged',
        data: { userId: BEN, friendId: ANA, permissions: ['read', 'search'] },
      },
    ]);
  });
});

describe('blocking a member', () => {
  const stranger = (
    over: Partial<StateOf<typeof blockMember>> = {},
  ): StateOf<typeof blockMember> => ({
    version: 5,
    friends: false,
    target: { id: BEN },
    already: undefined,
    pending: [],
    ...over,
  });

  it('refuses blocking oneself, and an unknown member', async () => {
    expect(await refusal(blockMember, stranger(), { userId: ANA, blockedUserId: ANA })).toEqual(
      refusedAs.invalid('block-self', 'You cannot block yourself.'),
    );
    expect(
      await refusal(blockMember, stranger({ target: undefined }), {
        userId: ANA,
        blockedUserId: BEN,
      }),
    ).toEqual(refusedAs.notFound(socialMessages.userNotFound));
  });

  it('appends nothing when the block is already in place', async () => {
    const decision = await decide(blockMember, stranger({ already: { user_id: ANA } }), {
      userId: ANA,
      blockedUserId: BEN,
    });
    expect(decision.appends).toEqual([]);
  });

  it('ends the friendship and cancels pending requests before the block, in one append', async () => {
    const pending = [{ id: 'request-2', from_user_id: BEN, to_user_id: ANA }];
    const decision = await decide(blockMember, stranger({ friends: true, pending }), {
      userId: ANA,
      blockedUserId: BEN,
    });
    expect(decision.appends).toEqual([
      {
        streamId: PAIR,
        expectedVersion: 5,
        types: ['FriendRemoved', 'FriendRequestCancelled', 'MemberBlocked'],
      },
    ]);
    expect(decision.events).toEqual([
      { type: 'FriendRemoved', data: { userId: ANA, friendId: BEN } },
      {
        type: 'FriendRequestCancelled',
        data: { requestId: 'request-2', fromUserId: BEN, toUserId: ANA },
      },
      { type: 'MemberBlocked', data: { userId: ANA, blockedUserId: BEN } },
    ]);
  });
});

describe('lifting a block', () => {
  it('appends nothing when there is no block', async () => {
    const decision = await decide(
      unblockMember,
      { version: 6, block: undefined },
      { userId: ANA, blockedUserId: BEN },
    );
    expect(decision.appends).toEqual([]);
  });

  it('appends MemberUnblocked', async () => {
    const decision = await decide(
      unblockMember,
      { version: 6, block: { user_id: ANA } },
      { userId: ANA, blockedUserId: BEN },
    );
    expect(decision.events).toEqual([
      { type: 'MemberUnblocked', data: { userId: ANA, blockedUserId: BEN } },
    ]);
    expect(decision.appends).toEqual([
      { streamId: PAIR, expectedVersion: 6, types: ['MemberUnblocked'] },
    ]);
  });
});
