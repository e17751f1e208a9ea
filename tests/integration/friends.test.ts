import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import request from 'supertest';
import { SOCKET_EVENTS } from '../../shared/realtime';
import {
  FRIEND_PERMISSIONS,
  FRIEND_REQUESTS_PER_DAY,
  NEW_FRIENDSHIP_TRUST_LEVEL,
  socialMessages,
  type Friend,
  type FriendRequest,
  type FriendRequests,
  type SearchResult,
} from '../../shared/social';
import {
  openSocket,
  signUpMember,
  useServerWithDatabase,
  waitForConnect,
  waitForEvent,
  type TestMember,
  apiAs,
} from '../support/test-server';
import { append, rebuild } from '../support/model';

// The shared two-core machine makes a hundred requests in a row slow; the limit tests need it.
jest.setTimeout(30_000);
const LIMIT_TEST_MS = 120_000;

const stack = useServerWithDatabase();
const db = () => stack.database.db;

const as = (member: TestMember) => apiAs(stack.server.url, member);

async function sendRequest(from: TestMember, to: { id: string }, message?: string) {
  const res = await as(from)
    .post('/friends/requests', { toUserId: to.id, ...(message === undefined ? {} : { message }) })
    .expect(201);
  return res.body as FriendRequest;
}

async function befriend(a: TestMember, b: TestMember): Promise<void> {
  const sent = await sendRequest(a, b);
  await as(b).post(`/friends/requests/${sent.id}/accept`).expect(200);
}

async function eventCount(): Promise<number> {
  const row = await db()
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function streamEvents(a: string, b: string) {
  const [lower, higher] = a < b ? [a, b] : [b, a];
  return db()
    .selectFrom('events')
    .select(['type', 'stream_version'])
    .where('stream_id', '=', `friendship-${lower}-${higher}`)
    .orderBy('stream_version')
    .execute();
}

/** Members that only receive requests need no session: registered straight into the log. */
async function registerDirectly(count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await db()
    .transaction()
    .execute(async (trx) => {
      for (const id of ids) {
        await append(trx, `user-${id}`, 0, [
          {
            type: 'UserRegistered',
            data: {
              userId: id,
              username: `direct_${id.slice(0, 8)}`,
              email: `${id}@example.com`,
              passwordHash: 'not-a-real-hash',
              role: 'member',
            },
          },
        ]);
      }
    });
  return ids;
}

let owner: TestMember;
beforeAll(async () => {
  // The first account is the owner, who may disable others.
  owner = await signUpMember(stack.server);
});

describe('sending a friend request', () => {
  it('answers the request, shows it to both sides and keeps a non-blank message trimmed', async () => {
    const ana = await signUpMember(stack.server);
    const ben = await signUpMember(stack.server);
    const sent = await sendRequest(ana, ben, '  hello there  ');
    expect(sent).toMatchObject({
      fromUser: { id: ana.id, username: ana.username },
      toUser: { id: ben.id, username: ben.username },
      status: 'pending',
      message: 'hello there',
      securityLevel: 'standard',
    });
    expect(sent.sandboxId).toMatch(/^friendship-/);

    const incoming = await as(ben).get('/friends/requests').expect(200);
    expect((incoming.body as FriendRequests).incoming.map((r) => r.id)).toEqual([sent.id]);
    expect((incoming.body as FriendRequests).outgoing).toEqual([]);
    const outgoing = await as(ana).get('/friends/requests').expect(200);
    expect((outgoing.body as FriendRequests).outgoing.map((r) => r.id)).toEqual([sent.id]);
  });

  it('treats a blank message as none', async () => {
    const ana = await signUpMember(stack.server);
    const ben = await signUpMember(stack.server);
    expect((await sendRequest(ana, ben, '   ')).message).toBeNull();
  });

  it('queues the Friend Request email to the recipient in the same transaction', async () => {
    const ana = await signUpMember(stack.server);
    const ben = await signUpMember(stack.server);
    await sendRequest(ana, ben);
    const emails = await db()
      .selectFrom('email_outbox')
      .selectAll()
      .where('recipient', '=', ben.email)
      .where('template', '=', 'Friend Request')
      .execute();
    expect(emails).toHaveLength(1);
  });

  it('refuses a request to oneself, to an unknown or disabled member, and changes nothing', async () => {
    const ana = await signUpMember(stack.server);
    const gone = await signUpMember(stack.server);
    await request(stack.server.url)
      .post(`/api/admin/users/${gone.id}/disable`)
      .set('cookie', owner.cookie)
      .expect(204);
    const before = await eventCount();

    const self = await as(ana).post('/friends/requests', { toUserId: ana.id }).expect(400);
    expect(self.body.error.message).toBe(socialMessages.requestToSelf);
    const unknown = await as(ana).post('/friends/requests', { toUserId: randomUUID() }).expect(404);
    expect(unknown.body.error.message).toBe(socialMessages.userNotFound);
    const disabled = await as(ana).post('/friends/requests', { toUserId: gone.id }).expect(404);
    expect(disabled.body.error.message).toBe(socialMessages.userNotFound);
    expect(await eventCount()).toBe(before);
  });

  it('refuses a second request while one is pending in either direction, and to a friend', async () => {
    const ana = await signUpMember(stack.server);
    const ben = await signUpMember(stack.server);
    const sent = await sendRequest(ana, ben);
    for (const [from, to] of [
      [ana, ben],
      [ben, ana],
    ] as const) {
      const res = await as(from).post('/friends/requests', { toUserId: to.id }).expect(409);
      expect(res.body.error.message).toBe(socialMessages.requestPending);
    }
    await as(ben).post(`/friends/requests/${sent.id}/accept`).expect(200);
    const friends = await as(ben).post('/friends/requests', { toUserId: ana.id }).expect(409);
    expect(friends.body.error.message).toBe(socialMessages.alreadyFriends);
  });

  it('allows a new request once the last one was rejected or cancelled', async () => {
    const ana = await signUpMember(stack.server);
    const ben = await signUpMember(stack.server);
    const first = await sendRequest(ana, ben);
    await as(ben).post(`/friends/requests/${first.id}/reject`).expect(200);
    const second = await sendRequest(ana, ben);
    await as(ana).delete(`/friends/requests/${second.id}`).expect(200);
    const third = await sendRequest(ben, ana);
    expect(third.status).toBe('pending');
  });
});

describe('the daily request limit', () => {
  it(
    `refuses request ${FRIEND_REQUESTS_PER_DAY + 1} within 24 hours with 429`,
    async () => {
      const sender = await signUpMember(stack.server);
      const recipients = await registerDirectly(FRIEND_REQUESTS_PER_DAY + 1);
      for (const id of recipients.slice(0, FRIEND_REQUESTS_PER_DAY)) {
        await as(sender).post('/friends/requests', { toUserId: id }).expect(201);
      }
      const before = await eventCount();
      const refused = await as(sender)
        .post('/friends/requests', { toUserId: recipients[FRIEND_REQUESTS_PER_DAY]! })
        .expect(429);
      expect(refused.body.error.message).toBe(socialMessages.requestLimitExceeded);
      expect(await eventCount()).toBe(before);
    },
    LIMIT_TEST_MS,
  );

  it(
    'counts requests sent in parallel one after another, never past the limit',
    async () => {
      const sender = await signUpMember(stack.server);
      const recipients = await registerDirectly(FRIEND_REQUESTS_PER_DAY + 5);
      const sequential = FRIEND_REQUESTS_PER_DAY - 5;
      for (const id of recipients.slice(0, sequential)) {
        await as(sender).post('/friends/requests', { toUserId: id }).expect(201);
      }
      const answers = await Promise.all(
        recipients
          .slice(sequential)
          .map((id) => as(sender).post('/friends/requests', { toUserId: id })),
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
      const sender = await signUpMember(stack.server);
      const recipients = await registerDirectly(FRIEND_REQUESTS_PER_DAY + 1);
      for (const id of recipients.slice(0, FRIEND_REQUESTS_PER_DAY)) {
        await as(sender).post('/friends/requests', { toUserId: id }).expect(201);
      }
      // Aged in the log and the read model alike, so a rebuild later reproduces the same rows.
      await sql`update events set occurred_at = occurred_at - interval '25 hours'
        where type = 'FriendRequestSent' and data->>'fromUserId' = ${sender.id}`.execute(db());
      await sql`update friend_requests set created_at = created_at - interval '25 hours'
        where from_user_id = ${sender.id}`.execute(db());
      await as(sender)
        .post('/friends/requests', { toUserId: recipients[FRIEND_REQUESTS_PER_DAY]! })
        .expect(201);
    },
    LIMIT_TEST_MS,
  );
});

describe('answering a request', () => {
  it('makes friends on accept, with trust level 50 and every permission on both sides', async () => {
    const ana = await signUpMember(stack.server);
    const ben = await signUpMember(stack.server);
    const sent = await sendRequest(ana, ben);
    const accepted = await as(ben).post(`/friends/requests/${sent.id}/accept`).expect(200);
    expect(accepted.body).toMatchObject({
      id: ana.id,
      user: { id: ana.id, username: ana.username },
      mutualFriends: 0,
      trustLevel: NEW_FRIENDSHIP_TRUST_LEVEL,
      permissions: [...FRIEND_PERMISSIONS],
    });
    const anaFriends = (await as(ana).get('/friends').expect(200)).body as Friend[];
    expect(anaFriends.map((f) => f.id)).toEqual([ben.id]);
    expect(anaFriends[0]!.trustLevel).toBe(NEW_FRIENDSHIP_TRUST_LEVEL);
    const requests = (await as(ben).get('/friends/requests').expect(200)).body as FriendRequests;
    expect(requests.incoming).toEqual([]);

    const again = await as(ben).post(`/friends/requests/${sent.id}/accept`).expect(409);
    expect(again.body.error.message).toBe(socialMessages.requestNotPending);
  });

  it('queues the acceptance email to the original sender', async () => {
    const ana = await signUpMember(stack.server);
    const ben = await signUpMember(stack.server);
    const sent = await sendRequest(ana, ben);
    await as(ben).post(`/friends/requests/${sent.id}/accept`).expect(200);
    const emails = await db()
      .selectFrom('email_outbox')
      .select('recipient')
      .where('recipient', '=', ana.email)
      .where('template', '=', 'Friend Request Accepted')
      .execute();
    expect(emails).toHaveLength(1);
  });

  it('rejects and cancels, answering the closed request', async () => {
    const ana = await signUpMember(stack.server);
    const ben = await signUpMember(stack.server);
    const first = await sendRequest(ana, ben);
    const rejected = await as(ben).post(`/friends/requests/${first.id}/reject`).expect(200);
    expect(rejected.body).toMatchObject({ id: first.id, status: 'rejected' });
    const second = await sendRequest(ana, ben);
    const cancelled = await as(ana).delete(`/friends/requests/${second.id}`).expect(200);
    expect(cancelled.body).toMatchObject({ id: second.id, status: 'cancelled' });
    expect((await as(ana).get('/friends').expect(200)).body).toEqual([]);
  });

  it('answers 404 to anyone acting on a request that is not theirs to act on, changing nothing', async () => {
    const ana = await signUpMember(stack.server);
    const ben = await signUpMember(stack.server);
    const eve = await signUpMember(stack.server);
    const sent = await sendRequest(ana, ben);
    const before = await eventCount();
    const attempts = [
      as(eve).post(`/friends/requests/${sent.id}/accept`),
      as(eve).post(`/friends/requests/${sent.id}/reject`),
      as(eve).delete(`/friends/requests/${sent.id}`),
      // The sender may not answer their own request, nor the recipient withdraw it.
      as(ana).post(`/friends/requests/${sent.id}/accept`),
      as(ana).post(`/friends/requests/${sent.id}/reject`),
      as(ben).delete(`/friends/requests/${sent.id}`),
      as(ben).post(`/friends/requests/${randomUUID()}/accept`),
    ];
    for (const attempt of attempts) {
      const res = await attempt.expect(404);
      expect(res.body.error.message).toBe(socialMessages.requestNotFound);
    }
    expect(await eventCount()).toBe(before);
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
    const ana = await signUpMember(stack.server);
    const ben = await signUpMember(stack.server);
    await befriend(ana, ben);
    await as(ana).delete(`/friends/${ben.id}`).expect(204);
    expect((await as(ben).get('/friends').expect(200)).body).toEqual([]);
    const again = await as(ana).delete(`/friends/${ben.id}`).expect(404);
    expect(again.body.error.message).toBe(socialMessages.friendNotFound);
  });

  it('counts mutual friends', async () => {
    const [ana, ben, cat, dan] = await Promise.all(
      Array.from({ length: 4 }, () => signUpMember(stack.server)),
    );
    await befriend(ana!, ben!);
    await befriend(ana!, cat!);
    await befriend(dan!, cat!);
    await befriend(ben!, cat!);
    const friends = (await as(ana!).get('/friends').expect(200)).body as Friend[];
    const byId = new Map(friends.map((f) => [f.id, f.mutualFriends]));
    expect(byId.get(ben!.id)).toBe(1);
    expect(byId.get(cat!.id)).toBe(1);
  });

  it("sets what a friend may do on the caller's side only", async () => {
    const ana = await signUpMember(stack.server);
    const ben = await signUpMember(stack.server);
    await befriend(ana, ben);
    const set = await as(ana)
      .put(`/friends/${ben.id}/permissions`, { permissions: ['search', 'read', 'read'] })
      .expect(200);
    expect(set.body).toMatchObject({ id: ben.id, permissions: ['read', 'search'] });
    const anaView = (await as(ana).get('/friends').expect(200)).body as Friend[];
    expect(anaView[0]!.permissions).toEqual(['read', 'search']);
    const benView = (await as(ben).get('/friends').expect(200)).body as Friend[];
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
    const ana = await signUpMember(stack.server);
    const ben = await signUpMember(stack.server);
    await befriend(ana, ben);
    const found = async () =>
      ((await as(ben).get(`/users?q=${ana.username}`).expect(200)).body as { id: string }[]).map(
        (person) => person.id,
      );
    expect(await found()).toContain(ana.id);
    await as(ana)
      .put(`/friends/${ben.id}/permissions`, { permissions: ['read', 'write', 'delete'] })
      .expect(200);
    expect(await found()).not.toContain(ana.id);
    const searched = (await as(ben).get(`/friends/search?q=${ana.username}`).expect(200))
      .body as SearchResult[];
    expect(searched.map((result) => result.id)).not.toContain(ana.id);
    // Ana still finds Ben: the permission is Ana's about Ben, not the other way round.
    const anaFinds = (await as(ana).get(`/users?q=${ben.username}`).expect(200)).body as {
      id: string;
    }[];
    expect(anaFinds.map((person) => person.id)).toContain(ben.id);
  });

  it('refuses an unknown operation with the sandbox text, and a stranger with 404', async () => {
    const ana = await signUpMember(stack.server);
    const ben = await signUpMember(stack.server);
    const eve = await signUpMember(stack.server);
    await befriend(ana, ben);
    const before = await eventCount();
    const refused = await as(ana)
      .put(`/friends/${ben.id}/permissions`, { permissions: ['read', 'admin'] })
      .expect(400);
    expect(refused.body.error.message).toBe(socialMessages.operationNotPermitted('admin'));
    const stranger = await as(ana)
      .put(`/friends/${eve.id}/permissions`, { permissions: ['read'] })
      .expect(404);
    expect(stranger.body.error.message).toBe(socialMessages.friendNotFound);
    expect(await eventCount()).toBe(before);
  });
});

describe('blocks', () => {
  it('ends a friendship with FriendRemoved before MemberBlocked', async () => {
    const ana = await signUpMember(stack.server);
    const ben = await signUpMember(stack.server);
    await befriend(ana, ben);
    await as(ana).post('/friends/blocks', { userId: ben.id }).expect(201);
    expect((await streamEvents(ana.id, ben.id)).map((e) => e.type)).toEqual([
      'FriendRequestSent',
      'FriendRequestAccepted',
      'FriendRemoved',
      'MemberBlocked',
    ]);
    expect((await as(ben).get('/friends').expect(200)).body).toEqual([]);
    const blocked = await as(ana).get('/friends/blocked').expect(200);
    expect(blocked.body.map((p: { id: string }) => p.id)).toEqual([ben.id]);
  });

  it('cancels a pending request with FriendRequestCancelled before MemberBlocked', async () => {
    const ana = await signUpMember(stack.server);
    const ben = await signUpMember(stack.server);
    const sent = await sendRequest(ben, ana);
    await as(ana).post('/friends/blocks', { userId: ben.id }).expect(201);
    expect((await streamEvents(ana.id, ben.id)).map((e) => e.type)).toEqual([
      'FriendRequestSent',
      'FriendRequestCancelled',
      'MemberBlocked',
    ]);
    const row = await db()
      .selectFrom('friend_requests')
      .select('status')
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
    expect(((await as(ben).get('/friends/requests')).body as FriendRequests).outgoing).toEqual([]);
  });

  it('refuses requests either way while blocked, hides both from search, and lifts on unblock', async () => {
    const ana = await signUpMember(stack.server);
    const ben = await signUpMember(stack.server);
    await as(ana).post('/friends/blocks', { userId: ben.id }).expect(201);
    for (const [from, to] of [
      [ana, ben],
      [ben, ana],
    ] as const) {
      const res = await as(from).post('/friends/requests', { toUserId: to.id }).expect(403);
      expect(res.body.error.message).toBe(socialMessages.blocked);
      const found = await as(from).get(`/friends/search?q=${to.username}`).expect(200);
      expect((found.body as SearchResult[]).map((r) => r.id)).not.toContain(to.id);
    }
    await as(ana).delete(`/friends/blocks/${ben.id}`).expect(204);
    expect((await as(ana).get('/friends/blocked').expect(200)).body).toEqual([]);
    await sendRequest(ben, ana);
  });

  it('refuses to block oneself or an unknown member', async () => {
    const ana = await signUpMember(stack.server);
    await as(ana).post('/friends/blocks', { userId: ana.id }).expect(400);
    const unknown = await as(ana).post('/friends/blocks', { userId: randomUUID() }).expect(404);
    expect(unknown.body.error.message).toBe(socialMessages.userNotFound);
  });
});

describe('search and suggestions', () => {
  it('marks each result with how the member stands to the caller', async () => {
    const tag = `srch${randomUUID().slice(0, 6).replace(/-/g, '')}`;
    const ana = await signUpMember(stack.server, `${tag}_ana`);
    const friend = await signUpMember(stack.server, `${tag}_friend`);
    const asked = await signUpMember(stack.server, `${tag}_asked`);
    const free = await signUpMember(stack.server, `${tag}_free`);
    await befriend(ana, friend);
    await sendRequest(asked, ana);
    const results = (await as(ana).get(`/friends/search?q=${tag}`).expect(200))
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
    await as(ana).get('/friends/search?q=%20%20').expect(400);
  });

  it('suggests friends of friends ranked by mutual friends, never friends, self or blocked', async () => {
    const members = await Promise.all(Array.from({ length: 7 }, () => signUpMember(stack.server)));
    const [me, f1, f2, f3, two, one, blocked] = members as [TestMember, ...TestMember[]];
    await befriend(me, f1!);
    await befriend(me, f2!);
    await befriend(me, f3!);
    // `two` shares f1 and f2 with me, `one` only f3; f1 and f2 are friends of each other too.
    await befriend(two!, f1!);
    await befriend(two!, f2!);
    await befriend(one!, f3!);
    await befriend(f1!, f2!);
    await befriend(blocked!, f1!);
    await as(blocked!).post('/friends/blocks', { userId: me.id }).expect(201);
    const suggestions = (await as(me).get('/friends/suggestions').expect(200))
      .body as SearchResult[];
    expect(suggestions.map((s) => s.id)).toEqual([two!.id, one!.id]);
    expect(suggestions.map((s) => s.mutualFriends)).toEqual([2, 1]);
    expect(suggestions[0]).toMatchObject({ isFriend: false, canSendRequest: true });
  });
});

describe('live', () => {
  it("tells the recipient's socket that their friends changed when a request arrives", async () => {
    const ana = await signUpMember(stack.server);
    const ben = await signUpMember(stack.server);
    const socket = openSocket(stack.server.url, ben.cookie);
    await waitForConnect(socket);
    const changed = waitForEvent(socket, SOCKET_EVENTS.friendsChanged);
    await sendRequest(ana, ben);
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
    const ana = await signUpMember(stack.server);
    const ben = await signUpMember(stack.server);
    const before = await eventCount();
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
    expect(await eventCount()).toBe(before);
  });
});

describe('rebuild', () => {
  it('reproduces requests, friendships and blocks exactly', async () => {
    const ana = await signUpMember(stack.server);
    const ben = await signUpMember(stack.server);
    const cat = await signUpMember(stack.server);
    await befriend(ana, ben);
    await as(ana)
      .put(`/friends/${ben.id}/permissions`, { permissions: ['read'] })
      .expect(200);
    await sendRequest(cat, ana);
    await as(ben).post('/friends/blocks', { userId: cat.id }).expect(201);
    const snapshot = async () => {
      const result: Record<string, unknown[]> = {};
      for (const table of ['friend_requests', 'friendships', 'blocks'] as const) {
        const { rows } = await sql<Record<string, unknown>>`
          select * from ${sql.table(table)} order by 1, 2`.execute(db());
        result[table] = rows;
      }
      return result;
    };
    const before = await snapshot();
    await rebuild(db());
    expect(await snapshot()).toEqual(before);
  });
});
