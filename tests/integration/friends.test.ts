import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import request from 'supertest';
import { SOCKET_EVENTS } from '../../shared/realtime';
import {
  FRIEND_PERMISSIONS,
  FRIEND_REQUESTS_PER_DAY,
  NEW_FRIENDSHIP_TRUST_LEVEL,
  SUGGESTIONS_LIMIT,
  socialMessages,
  type Friend,
  type FriendRequests,
  type SearchResult,
} from '../../shared/social';
import {
  as,
  befriend,
  countEvents,
  queuedEmails,
  registerDirectly,
  sendFriendRequest,
  signUp,
  signUpMembers,
  snapshotReadModels,
  streamEvents,
  type TestMember,
} from '../support/factories';
import { rebuild } from '../support/model';
import { friendshipStream } from '../support/social-events';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';

// The shared two-core machine makes a hundred requests in a row slow; the limit tests need it.
const LIMIT_TEST_MS = 120_000;

const stack = useServerWithDatabase();
const db = () => stack.database.db;

let owner: TestMember;
beforeAll(async () => {
  // The first account is the owner, who may disable others.
  owner = await signUp(stack.server);
});

describe('sending a friend request', () => {
  it('answers the request, shows it to both sides and keeps a non-blank message trimmed', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const sent = await sendFriendRequest(stack.server, ana, ben, '  hello there  ');
    expect(sent).toMatchObject({
      fromUser: { id: ana.id, username: ana.username },
      toUser: { id: ben.id, username: ben.username },
      status: 'pending',
      message: 'hello there',
      securityLevel: 'standard',
    });
    expect(sent.sandboxId).toMatch(/^friendship-/);

    const incoming = await as(stack.server, ben).get('/friends/requests').expect(200);
    expect((incoming.body as FriendRequests).incoming.map((r) => r.id)).toEqual([sent.id]);
    expect((incoming.body as FriendRequests).outgoing).toEqual([]);
    const outgoing = await as(stack.server, ana).get('/friends/requests').expect(200);
    expect((outgoing.body as FriendRequests).outgoing.map((r) => r.id)).toEqual([sent.id]);
  });

  it('treats a blank message as none', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    expect((await sendFriendRequest(stack.server, ana, ben, '   ')).message).toBeNull();
  });

  it('queues the Friend Request email to the recipient in the same transaction', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    await sendFriendRequest(stack.server, ana, ben);
    const emails = await queuedEmails(db(), ben.email, 'Friend Request');
    expect(emails).toHaveLength(1);
  });

  it('refuses a request to oneself, to an unknown or disabled member, and changes nothing', async () => {
    const [ana, gone] = await signUpMembers(stack.server, 2);
    await as(stack.server, owner).post(`/admin/users/${gone.id}/disable`).expect(204);
    const before = await countEvents(db());

    const self = await as(stack.server, ana)
      .post('/friends/requests', { toUserId: ana.id })
      .expect(400);
    expect(self.body.error.message).toBe(socialMessages.requestToSelf);
    const unknown = await as(stack.server, ana)
      .post('/friends/requests', { toUserId: randomUUID() })
      .expect(404);
    expect(unknown.body.error.message).toBe(socialMessages.userNotFound);
    const disabled = await as(stack.server, ana)
      .post('/friends/requests', { toUserId: gone.id })
      .expect(404);
    expect(disabled.body.error.message).toBe(socialMessages.userNotFound);
    expect(await countEvents(db())).toBe(before);
  });

  it('refuses a second request while one is pending in either direction, and to a friend', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const sent = await sendFriendRequest(stack.server, ana, ben);
    for (const [from, to] of [
      [ana, ben],
      [ben, ana],
    ] as const) {
      const res = await as(stack.server, from)
        .post('/friends/requests', { toUserId: to.id })
        .expect(409);
      expect(res.body.error.message).toBe(socialMessages.requestPending);
    }
    await as(stack.server, ben).post(`/friends/requests/${sent.id}/accept`).expect(200);
    const friends = await as(stack.server, ben)
      .post('/friends/requests', { toUserId: ana.id })
      .expect(409);
    expect(friends.body.error.message).toBe(socialMessages.alreadyFriends);
  });

  it('allows a new request once the last one was rejected or cancelled', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const first = await sendFriendRequest(stack.server, ana, ben);
    await as(stack.server, ben).post(`/friends/requests/${first.id}/reject`).expect(200);
    const second = await sendFriendRequest(stack.server, ana, ben);
    await as(stack.server, ana).delete(`/friends/requests/${second.id}`).expect(200);
    const third = await sendFriendRequest(stack.server, ben, ana);
    expect(third.status).toBe('pending');
  });
});

describe('the daily request limit', () => {
  it(
    `refuses request ${FRIEND_REQUESTS_PER_DAY + 1} within 24 hours with 429`,
    async () => {
      const sender = await signUp(stack.server);
      const recipients = await registerDirectly(db(), FRIEND_REQUESTS_PER_DAY + 1);
      for (const id of recipients.slice(0, FRIEND_REQUESTS_PER_DAY)) {
        await as(stack.server, sender).post('/friends/requests', { toUserId: id }).expect(201);
      }
      const before = await countEvents(db());
      const refused = await as(stack.server, sender)
        .post('/friends/requests', { toUserId: recipients[FRIEND_REQUESTS_PER_DAY]! })
        .expect(429);
      expect(refused.body.error.message).toBe(socialMessages.requestLimitExceeded);
      expect(await countEvents(db())).toBe(before);
    },
    LIMIT_TEST_MS,
  );

  it(
    'counts requests sent in parallel one after another, never past the limit',
    async () => {
      const sender = await signUp(stack.server);
      const recipients = await registerDirectly(db(), FRIEND_REQUESTS_PER_DAY + 5);
      const sequential = FRIEND_REQUESTS_PER_DAY - 5;
      for (const id of recipients.slice(0, sequential)) {
        await as(stack.server, sender).post('/friends/requests', { toUserId: id }).expect(201);
      }
      const answers = await Promise.all(
        recipients
          .slice(sequential)
          .map((id) => as(stack.server, sender).post('/friends/requests', { toUserId: id })),
      );
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses).toEqual([...Array(5).fill(201), ...Array(5).fill(429)]);
      const sent = await db()
        .selectFrom('friend_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('from_user_id', '=', sender.id)
        .executeTakeFirstOrThrow();
      expect(Number(sent.n)).toBe(FRIEND_REQUESTS_PER_DAY);
    },
    LIMIT_TEST_MS,
  );

  it(
    'forgets requests older than 24 hours',
    async () => {
      const sender = await signUp(stack.server);
      const recipients = await registerDirectly(db(), FRIEND_REQUESTS_PER_DAY + 1);
      for (const id of recipients.slice(0, FRIEND_REQUESTS_PER_DAY)) {
        await as(stack.server, sender).post('/friends/requests', { toUserId: id }).expect(201);
      }
      // Aged in the log and the read model alike, so a rebuild later reproduces the same rows.
      await sql`update events set occurred_at = occurred_at - interval '25 hours'
        where type = 'FriendRequestSent' and data->>'fromUserId' = ${sender.id}`.execute(db());
      await sql`update friend_requests set created_at = created_at - interval '25 hours'
        where from_user_id = ${sender.id}`.execute(db());
      await as(stack.server, sender)
        .post('/friends/requests', { toUserId: recipients[FRIEND_REQUESTS_PER_DAY]! })
        .expect(201);
    },
    LIMIT_TEST_MS,
  );
});

describe('answering a request', () => {
  it('makes friends on accept, with trust level 50 and every permission on both sides', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const sent = await sendFriendRequest(stack.server, ana, ben);
    const accepted = await as(stack.server, ben)
      .post(`/friends/requests/${sent.id}/accept`)
      .expect(200);
    expect(accepted.body).toMatchObject({
      id: ana.id,
      user: { id: ana.id, username: ana.username },
      mutualFriends: 0,
      trustLevel: NEW_FRIENDSHIP_TRUST_LEVEL,
      permissions: [...FRIEND_PERMISSIONS],
    });
    const anaFriends = (await as(stack.server, ana).get('/friends').expect(200)).body as Friend[];
    expect(anaFriends.map((f) => f.id)).toEqual([ben.id]);
    expect(anaFriends[0]!.trustLevel).toBe(NEW_FRIENDSHIP_TRUST_LEVEL);
    const requests = (await as(stack.server, ben).get('/friends/requests').expect(200))
      .body as FriendRequests;
    expect(requests.incoming).toEqual([]);

    const again = await as(stack.server, ben)
      .post(`/friends/requests/${sent.id}/accept`)
      .expect(409);
    expect(again.body.error.message).toBe(socialMessages.requestNotPending);
  });

  it('queues the acceptance email to the original sender', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const sent = await sendFriendRequest(stack.server, ana, ben);
    await as(stack.server, ben).post(`/friends/requests/${sent.id}/accept`).expect(200);
    const emails = await queuedEmails(db(), ana.email, 'Friend Request Accepted');
    expect(emails).toHaveLength(1);
  });

  it('rejects and cancels, answering the closed request', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const first = await sendFriendRequest(stack.server, ana, ben);
    const rejected = await as(stack.server, ben)
      .post(`/friends/requests/${first.id}/reject`)
      .expect(200);
    expect(rejected.body).toMatchObject({ id: first.id, status: 'rejected' });
    const second = await sendFriendRequest(stack.server, ana, ben);
    const cancelled = await as(stack.server, ana)
      .delete(`/friends/requests/${second.id}`)
      .expect(200);
    expect(cancelled.body).toMatchObject({ id: second.id, status: 'cancelled' });
    expect((await as(stack.server, ana).get('/friends').expect(200)).body).toEqual([]);
  });

  it('answers 404 to anyone acting on a request that is not theirs to act on, changing nothing', async () => {
    const [ana, ben, eve] = await signUpMembers(stack.server, 3);
    const sent = await sendFriendRequest(stack.server, ana, ben);
    const before = await countEvents(db());
    const attempts = [
      as(stack.server, eve).post(`/friends/requests/${sent.id}/accept`),
      as(stack.server, eve).post(`/friends/requests/${sent.id}/reject`),
      as(stack.server, eve).delete(`/friends/requests/${sent.id}`),
      // The sender may not answer their own request, nor the recipient withdraw it.
      as(stack.server, ana).post(`/friends/requests/${sent.id}/accept`),
      as(stack.server, ana).post(`/friends/requests/${sent.id}/reject`),
      as(stack.server, ben).delete(`/friends/requests/${sent.id}`),
      as(stack.server, ben).post(`/friends/requests/${randomUUID()}/accept`),
    ];
    for (const attempt of attempts) {
      const res = await attempt.expect(404);
      expect(res.body.error.message).toBe(socialMessages.requestNotFound);
    }
    expect(await countEvents(db())).toBe(before);
    const row = await db()
      .selectFrom('friend_requests')
      .select('status')
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });

  it('needs a session', async () => {
    await request(stack.server.url).get('/api/friends').expect(401);
    await request(stack.server.url)
      .post('/api/friends/requests')
      .send({ toUserId: randomUUID() })
      .expect(401);
  });
});

describe('friends', () => {
  it('removes a friend on both sides, and answers 404 when not friends', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    await befriend(stack.server, ana, ben);
    await as(stack.server, ana).delete(`/friends/${ben.id}`).expect(204);
    expect((await as(stack.server, ben).get('/friends').expect(200)).body).toEqual([]);
    const again = await as(stack.server, ana).delete(`/friends/${ben.id}`).expect(404);
    expect(again.body.error.message).toBe(socialMessages.friendNotFound);
  });

  it('counts mutual friends', async () => {
    const [ana, ben, cat, dan] = await Promise.all(
      Array.from({ length: 4 }, () => signUp(stack.server)),
    );
    await befriend(stack.server, ana!, ben!);
    await befriend(stack.server, ana!, cat!);
    await befriend(stack.server, dan!, cat!);
    await befriend(stack.server, ben!, cat!);
    const friends = (await as(stack.server, ana!).get('/friends').expect(200)).body as Friend[];
    const byId = new Map(friends.map((f) => [f.id, f.mutualFriends]));
    expect(byId.get(ben!.id)).toBe(1);
    expect(byId.get(cat!.id)).toBe(1);
  });

  it("sets what a friend may do on the caller's side only", async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    await befriend(stack.server, ana, ben);
    // A permission named twice is a mistake of the caller's, refused and not applied.
    await as(stack.server, ana)
      .put(`/friends/${ben.id}/permissions`, { permissions: ['search', 'read', 'read'] })
      .expect(400);
    const set = await as(stack.server, ana)
      .put(`/friends/${ben.id}/permissions`, { permissions: ['search', 'read'] })
      .expect(200);
    expect(set.body).toMatchObject({ id: ben.id, permissions: ['read', 'search'] });
    const anaView = (await as(stack.server, ana).get('/friends').expect(200)).body as Friend[];
    expect(anaView[0]!.permissions).toEqual(['read', 'search']);
    const benView = (await as(stack.server, ben).get('/friends').expect(200)).body as Friend[];
    expect(benView[0]!.permissions).toEqual([...FRIEND_PERMISSIONS]);
    const side = await db()
      .selectFrom('friendships')
      .select('permissions')
      .where('user_id', '=', ana.id)
      .where('friend_id', '=', ben.id)
      .executeTakeFirstOrThrow();
    expect(side.permissions).toEqual(['read', 'search']);
  });

  it('hides the caller from the searches of a friend they took search away from', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    await befriend(stack.server, ana, ben);
    const found = async () =>
      (
        (await as(stack.server, ben).get(`/users?q=${ana.username}`).expect(200)).body as {
          id: string;
        }[]
      ).map((person) => person.id);
    expect(await found()).toContain(ana.id);
    await as(stack.server, ana)
      .put(`/friends/${ben.id}/permissions`, { permissions: ['read', 'write', 'delete'] })
      .expect(200);
    expect(await found()).not.toContain(ana.id);
    const searched = (
      await as(stack.server, ben).get(`/friends/search?q=${ana.username}`).expect(200)
    ).body as SearchResult[];
    expect(searched.map((result) => result.id)).not.toContain(ana.id);
    // Ana still finds Ben: the permission is Ana's about Ben, not the other way round.
    const anaFinds = (await as(stack.server, ana).get(`/users?q=${ben.username}`).expect(200))
      .body as {
      id: string;
    }[];
    expect(anaFinds.map((person) => person.id)).toContain(ben.id);
  });

  it('keeps the friendship when a friend the caller took delete away from tries to end it', async () => {
    const [ana, ben, cat] = await signUpMembers(stack.server, 3);
    await befriend(stack.server, ana, ben);
    await befriend(stack.server, ana, cat);
    for (const friend of [ben, cat]) {
      await as(stack.server, ana)
        .put(`/friends/${friend.id}/permissions`, { permissions: ['read', 'write', 'search'] })
        .expect(200);
    }
    const before = await countEvents(db());
    const refused = await as(stack.server, ben).delete(`/friends/${ana.id}`).expect(403);
    expect(refused.body.error).toMatchObject({
      code: 'operation-not-permitted',
      message: socialMessages.operationNotPermitted('delete'),
    });
    expect(await countEvents(db())).toBe(before);
    const benFriends = (await as(stack.server, ben).get('/friends').expect(200)).body as Friend[];
    expect(benFriends.map((friend) => friend.id)).toEqual([ana.id]);

    // The permission is Ana's about Ben: Ana herself may still end it.
    await as(stack.server, ana).delete(`/friends/${ben.id}`).expect(204);
    expect((await as(stack.server, ben).get('/friends').expect(200)).body).toEqual([]);

    // Given back, the friend may end it.
    await as(stack.server, ana)
      .put(`/friends/${cat.id}/permissions`, { permissions: [...FRIEND_PERMISSIONS] })
      .expect(200);
    await as(stack.server, cat).delete(`/friends/${ana.id}`).expect(204);
  });

  it('lets a friend without delete still block, which ends the friendship', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    await befriend(stack.server, ana, ben);
    await as(stack.server, ana)
      .put(`/friends/${ben.id}/permissions`, { permissions: ['read'] })
      .expect(200);
    await as(stack.server, ben).post('/friends/blocks', { userId: ana.id }).expect(201);
    expect((await as(stack.server, ana).get('/friends').expect(200)).body).toEqual([]);
  });

  it('refuses an unknown operation with the sandbox text, and a stranger with 404', async () => {
    const [ana, ben, eve] = await signUpMembers(stack.server, 3);
    await befriend(stack.server, ana, ben);
    const before = await countEvents(db());
    const refused = await as(stack.server, ana)
      .put(`/friends/${ben.id}/permissions`, { permissions: ['read', 'admin'] })
      .expect(400);
    expect(refused.body.error.message).toBe(socialMessages.operationNotPermitted('admin'));
    const stranger = await as(stack.server, ana)
      .put(`/friends/${eve.id}/permissions`, { permissions: ['read'] })
      .expect(404);
    expect(stranger.body.error.message).toBe(socialMessages.friendNotFound);
    expect(await countEvents(db())).toBe(before);
  });
});

describe('blocks', () => {
  it('ends a friendship with FriendRemoved before MemberBlocked', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    await befriend(stack.server, ana, ben);
    await as(stack.server, ana).post('/friends/blocks', { userId: ben.id }).expect(201);
    expect((await streamEvents(db(), friendshipStream(ana.id, ben.id))).map((e) => e.type)).toEqual(
      ['FriendRequestSent', 'FriendRequestAccepted', 'FriendRemoved', 'MemberBlocked'],
    );
    expect((await as(stack.server, ben).get('/friends').expect(200)).body).toEqual([]);
    const blocked = await as(stack.server, ana).get('/friends/blocked').expect(200);
    expect(blocked.body.map((p: { id: string }) => p.id)).toEqual([ben.id]);
  });

  it('cancels a pending request with FriendRequestCancelled before MemberBlocked', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const sent = await sendFriendRequest(stack.server, ben, ana);
    await as(stack.server, ana).post('/friends/blocks', { userId: ben.id }).expect(201);
    expect((await streamEvents(db(), friendshipStream(ana.id, ben.id))).map((e) => e.type)).toEqual(
      ['FriendRequestSent', 'FriendRequestCancelled', 'MemberBlocked'],
    );
    const row = await db()
      .selectFrom('friend_requests')
      .select('status')
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
    expect(
      ((await as(stack.server, ben).get('/friends/requests')).body as FriendRequests).outgoing,
    ).toEqual([]);
  });

  it('refuses requests either way while blocked, hides both from search, and lifts on unblock', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    await as(stack.server, ana).post('/friends/blocks', { userId: ben.id }).expect(201);
    for (const [from, to] of [
      [ana, ben],
      [ben, ana],
    ] as const) {
      const res = await as(stack.server, from)
        .post('/friends/requests', { toUserId: to.id })
        .expect(403);
      expect(res.body.error.message).toBe(socialMessages.blocked);
      const found = await as(stack.server, from)
        .get(`/friends/search?q=${to.username}`)
        .expect(200);
      expect((found.body as SearchResult[]).map((r) => r.id)).not.toContain(to.id);
    }
    await as(stack.server, ana).delete(`/friends/blocks/${ben.id}`).expect(204);
    expect((await as(stack.server, ana).get('/friends/blocked').expect(200)).body).toEqual([]);
    await sendFriendRequest(stack.server, ben, ana);
  });

  it('refuses to block oneself or an unknown member', async () => {
    const ana = await signUp(stack.server);
    await as(stack.server, ana).post('/friends/blocks', { userId: ana.id }).expect(400);
    const unknown = await as(stack.server, ana)
      .post('/friends/blocks', { userId: randomUUID() })
      .expect(404);
    expect(unknown.body.error.message).toBe(socialMessages.userNotFound);
  });
});

describe('search and suggestions', () => {
  it('marks each result with how the member stands to the caller', async () => {
    const tag = `srch${randomUUID().slice(0, 6).replace(/-/g, '')}`;
    const ana = await signUp(stack.server, `${tag}_ana`);
    const friend = await signUp(stack.server, `${tag}_friend`);
    const asked = await signUp(stack.server, `${tag}_asked`);
    const free = await signUp(stack.server, `${tag}_free`);
    await befriend(stack.server, ana, friend);
    await sendFriendRequest(stack.server, asked, ana);
    const results = (await as(stack.server, ana).get(`/friends/search?q=${tag}`).expect(200))
      .body as SearchResult[];
    const byId = new Map(results.map((r) => [r.id, r]));
    expect(byId.has(ana.id)).toBe(false);
    expect(byId.get(friend.id)).toMatchObject({
      isFriend: true,
      hasPendingRequest: false,
      canSendRequest: false,
    });
    expect(byId.get(asked.id)).toMatchObject({
      isFriend: false,
      hasPendingRequest: true,
      canSendRequest: false,
    });
    expect(byId.get(free.id)).toMatchObject({
      isFriend: false,
      hasPendingRequest: false,
      canSendRequest: true,
    });
    await as(stack.server, ana).get('/friends/search?q=%20%20').expect(400);
  });

  it('suggests friends of friends ranked by mutual friends, never friends, self or blocked', async () => {
    const members = await Promise.all(Array.from({ length: 7 }, () => signUp(stack.server)));
    const [me, f1, f2, f3, two, one, blocked] = members as [TestMember, ...TestMember[]];
    await befriend(stack.server, me, f1!);
    await befriend(stack.server, me, f2!);
    await befriend(stack.server, me, f3!);
    // `two` shares f1 and f2 with me, `one` only f3; f1 and f2 are friends of each other too.
    await befriend(stack.server, two!, f1!);
    await befriend(stack.server, two!, f2!);
    await befriend(stack.server, one!, f3!);
    await befriend(stack.server, f1!, f2!);
    await befriend(stack.server, blocked!, f1!);
    await as(stack.server, blocked!).post('/friends/blocks', { userId: me.id }).expect(201);
    const suggestions = (await as(stack.server, me).get('/friends/suggestions').expect(200))
      .body as SearchResult[];
    expect(suggestions.map((s) => s.id)).toEqual([two!.id, one!.id]);
    expect(suggestions.map((s) => s.mutualFriends)).toEqual([2, 1]);
    expect(suggestions[0]).toMatchObject({ isFriend: false, canSendRequest: true });
  });

  it(
    'fills the page with findable members, most mutual friends first and then by name',
    async () => {
      const tag = `sg${randomUUID().slice(0, 6).replace(/-/g, '')}`;
      const me = await signUp(stack.server, `${tag}_me`);
      const [f1, f2] = await Promise.all([
        signUp(stack.server, `${tag}_f1`),
        signUp(stack.server, `${tag}_f2`),
      ]);
      await befriend(stack.server, me, f1!);
      await befriend(stack.server, me, f2!);
      // Ten share both friends with me, thirteen one; names given out of order, so the page's
      // order is the names' and not the sign-ups'.
      const names = Array.from(
        { length: 23 },
        (_, i) => `${tag}_${String((i * 7) % 23).padStart(2, '0')}`,
      );
      const candidates = await Promise.all(names.map((name) => signUp(stack.server, name)));
      for (const [i, candidate] of candidates.entries()) {
        await befriend(stack.server, candidate, f1!);
        if (i < 10) await befriend(stack.server, candidate, f2!);
      }
      // Two of the best placed cannot be found by me: one private, one who blocked me.
      const [hidden, blocking] = [candidates[0]!, candidates[1]!];
      await as(stack.server, hidden).put('/me/privacy', { privacy: 'private' }).expect(200);
      await as(stack.server, blocking).post('/friends/blocks', { userId: me.id }).expect(201);

      const byName = (a: TestMember, b: TestMember) => a.username.localeCompare(b.username);
      const expected = [
        ...candidates.slice(2, 10).sort(byName),
        ...candidates.slice(10).sort(byName),
      ].slice(0, SUGGESTIONS_LIMIT);
      const suggestions = (await as(stack.server, me).get('/friends/suggestions').expect(200))
        .body as SearchResult[];
      expect(suggestions.map((s) => [s.user.username, s.mutualFriends])).toEqual(
        expected.map((member, i) => [member.username, i < 8 ? 2 : 1]),
      );
    },
    LIMIT_TEST_MS,
  );
});

describe('live', () => {
  it("tells the recipient's socket that their friends changed when a request arrives", async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const socket = await connectAs(stack.server, ben);
    const changed = waitForEvent(socket, SOCKET_EVENTS.friendsChanged);
    await sendFriendRequest(stack.server, ana, ben);
    await expect(changed).resolves.toEqual({});
    socket.close();
  });
});

describe('bad input', () => {
  const body = fc.oneof(
    fc.jsonValue(),
    fc.record(
      {
        toUserId: fc.oneof(fc.uuid(), fc.string(), fc.integer()),
        userId: fc.oneof(fc.uuid(), fc.string(), fc.constant(null)),
        message: fc.oneof(fc.string({ minLength: 501, maxLength: 600 }), fc.integer()),
        permissions: fc.oneof(fc.array(fc.string()), fc.string(), fc.array(fc.integer())),
      },
      { requiredKeys: [] },
    ),
  );

  it('answers every random body with a 4xx and appends nothing', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const before = await countEvents(db());
    const send = (method: 'post' | 'put', path: string, value: unknown) => {
      const agent = request(stack.server.url);
      return (method === 'post' ? agent.post(`/api${path}`) : agent.put(`/api${path}`))
        .set('cookie', ana.cookie)
        .set('content-type', 'application/json')
        .send(JSON.stringify(value) ?? 'null');
    };
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        for (const [method, path] of [
          ['post', '/friends/requests'],
          ['post', '/friends/blocks'],
          ['put', `/friends/${ben.id}/permissions`],
        ] as const) {
          const res = await send(method, path, value);
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
        }
      }),
      { numRuns: 60 },
    );
    expect(await countEvents(db())).toBe(before);
  });
});

describe('rebuild', () => {
  it('reproduces requests, friendships and blocks exactly', async () => {
    const [ana, ben, cat] = await signUpMembers(stack.server, 3);
    await befriend(stack.server, ana, ben);
    await as(stack.server, ana)
      .put(`/friends/${ben.id}/permissions`, { permissions: ['read'] })
      .expect(200);
    await sendFriendRequest(stack.server, cat, ana);
    await as(stack.server, ben).post('/friends/blocks', { userId: cat.id }).expect(201);
    const snapshot = () => snapshotReadModels(db(), ['friend_requests', 'friendships', 'blocks']);
    const before = await snapshot();
    await rebuild(db());
    expect(await snapshot()).toEqual(before);
  });
});
