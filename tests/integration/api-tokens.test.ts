import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { io as connectSocket, type Socket } from 'socket.io-client';
import request from 'supertest';
import {
  apiTokenListSchema,
  apiTokenMessages,
  createdApiTokenSchema,
  type ApiTokenScope,
} from '../../shared/api-tokens';
import { SOCKET_EVENTS } from '../../shared/realtime';
import type { RunningServer } from '../../server/server';
import {
  as,
  befriend,
  sessionCookie,
  signIn,
  signUp,
  signUpOwnerAndMember,
  startConversation,
  TEST_PASSWORD,
  type TestMember,
} from '../support/factories';
import { rebuild } from '../support/model';
import {
  startTestServer,
  useServerWithDatabase,
  waitForConnect,
  waitForEvent,
} from '../support/test-server';

const MAX_ACTIVE = 4;
const NEW_PASSWORD = 'Fresh-Harbour-42';
const stack = useServerWithDatabase({
  env: { API_TOKENS_PER_MEMBER: String(MAX_ACTIVE), API_TOKEN_MAX_DAYS: '90' },
});
const db = () => stack.database.db;

let owner: TestMember;
beforeAll(async () => {
  // The first account is the owner: made here so every other member of the file is not.
  owner = (await signUpOwnerAndMember(stack.server)).owner;
});

async function createToken(
  member: TestMember,
  scopes: ApiTokenScope[],
  expiresInDays: number | null = 30,
  name = 'Script',
): Promise<string> {
  const res = await as(stack.server, member)
    .post('/me/api-tokens', { name, scopes, expiresInDays })
    .expect(201);
  return createdApiTokenSchema.parse(res.body).secret;
}

/** Requests to the API with a bearer token and no cookie. */
function bearer(server: RunningServer, secret: string) {
  const api = request(server.url);
  return {
    get: (path: string) => api.get(`/api${path}`).set('authorization', `Bearer ${secret}`),
    post: (path: string, body: object) =>
      api.post(`/api${path}`).set('authorization', `Bearer ${secret}`).send(body),
    patch: (path: string, body: object) =>
      api.patch(`/api${path}`).set('authorization', `Bearer ${secret}`).send(body),
    delete: (path: string) => api.delete(`/api${path}`).set('authorization', `Bearer ${secret}`),
  };
}

const tokensOf = async (member: TestMember) =>
  apiTokenListSchema.parse((await as(stack.server, member).get('/me/api-tokens').expect(200)).body)
    .tokens;

const errorCode = (res: { body: { error: { code: string } } }) => res.body.error.code;

describe('creating and listing tokens', () => {
  it('shows the secret once, keeps only its hash, and lists the token with its last use', async () => {
    const ana = await signUp(stack.server);
    const res = await as(stack.server, ana)
      .post('/me/api-tokens', {
        name: '  Backup  ',
        scopes: ['write', 'read', 'read'],
        expiresInDays: 7,
      })
      .expect(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { token, secret } = createdApiTokenSchema.parse(res.body);
    expect(secret).toMatch(/^agora_pat_[\w-]{43}$/);
    expect(token).toMatchObject({
      name: 'Backup',
      scopes: ['read', 'write'],
      preview: `agora_pat_…${secret.slice(-4)}`,
      status: 'active',
      lastUsedAt: null,
    });
    const days = (Date.parse(token.expiresAt!) - Date.parse(token.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    // Stored only as its SHA-256: neither the read model nor the log holds the secret.
    const row = await db()
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    const { rows } = await sql<{ found: number }>`
      select count(*)::int as found from events where data::text like ${`%${secret.slice(10)}%`}`.execute(
      db(),
    );
    expect(rows[0]!.found).toBe(0);

    // The list never carries the secret either; a use stamps the token's last use.
    const listed = await as(stack.server, ana).get('/me/api-tokens').expect(200);
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(10));
    expect(listed.body.limits).toEqual({ maxActive: MAX_ACTIVE, maxDays: 90 });
    await bearer(stack.server, secret).get('/auth/session').expect(200);
    const [used] = await tokensOf(ana);
    expect(used!.lastUsedAt).not.toBeNull();
  });

  it('refuses bad names, scopes and expiries with the field that is wrong', async () => {
    const ana = await signUp(stack.server);
    const api = as(stack.server, ana);
    const refused = async (body: object, field: string) => {
      const res = await api.post('/me/api-tokens', body).expect(400);
      expect(Object.keys(res.body.error.fields)).toEqual([field]);
    };
    await refused({ name: ' ', scopes: ['read'], expiresInDays: 30 }, 'name');
    await refused({ name: 'x', scopes: [], expiresInDays: 30 }, 'scopes');
    await refused({ name: 'x', scopes: ['root'], expiresInDays: 30 }, 'scopes.0');
    // Past the configured 90 days, and never expiring while there is a maximum.
    const long = await api
      .post('/me/api-tokens', { name: 'x', scopes: ['read'], expiresInDays: 91 })
      .expect(400);
    expect(long.body.error.fields.expiresInDays).toBe(apiTokenMessages.tooLong(90));
    const never = await api
      .post('/me/api-tokens', { name: 'x', scopes: ['read'], expiresInDays: null })
      .expect(400);
    expect(never.body.error.fields.expiresInDays).toBe(apiTokenMessages.expiryRequired(90));
    expect(await tokensOf(ana)).toEqual([]);
  });

  it('gives the admin scope to owners only', async () => {
    const ana = await signUp(stack.server);
    const res = await as(stack.server, ana)
      .post('/me/api-tokens', { name: 'x', scopes: ['admin'], expiresInDays: 30 })
      .expect(403);
    expect(errorCode(res)).toBe('admin-scope-owners-only');
    const admin = await createToken(owner, ['admin']);
    await bearer(stack.server, admin).get('/backups/stats').expect(200);
  });

  it('holds a member to the configured number of active tokens', async () => {
    const ana = await signUp(stack.server);
    const made = [];
    for (let i = 0; i < MAX_ACTIVE; i += 1) made.push(await createToken(ana, ['read']));
    const full = await as(stack.server, ana)
      .post('/me/api-tokens', { name: 'one more', scopes: ['read'], expiresInDays: 30 })
      .expect(409);
    expect(errorCode(full)).toBe('token-limit-reached');
    // A revoked token no longer counts.
    const [newest] = await tokensOf(ana);
    await as(stack.server, ana).delete(`/me/api-tokens/${newest!.id}`).expect(204);
    await createToken(ana, ['read']);
  });
});

describe('bearer requests', () => {
  it('do what the scopes allow and answer 403 insufficient-scope for the rest', async () => {
    const ana = await signUp(stack.server);
    const reader = bearer(stack.server, await createToken(ana, ['read']));
    const writer = bearer(stack.server, await createToken(ana, ['write']));

    await reader.get('/me/settings').expect(200);
    const write = await reader.patch('/me/settings', { appearance: { theme: 'dark' } }).expect(403);
    expect(write.body.error).toEqual({
      code: 'insufficient-scope',
      message: apiTokenMessages.insufficientScope('write'),
    });
    expect(write.headers['www-authenticate']).toBe(
      'Bearer error="insufficient_scope", scope="write"',
    );
    const changed = await writer
      .patch('/me/settings', { appearance: { theme: 'dark' } })
      .expect(200);
    expect(changed.body.appearance.theme).toBe('dark');
    expect(errorCode(await writer.get('/me/settings').expect(403))).toBe('insufficient-scope');

    // Posting needs `write`, as every other change does.
    await reader.post('/posts', { content: 'From a script' }).expect(403);
    await writer.post('/posts', { content: 'From a script' }).expect(201);
  });

  it('need `messages` for conversations, and `admin` for owner routes', async () => {
    const [ana, bo] = [await signUp(stack.server), await signUp(stack.server)];
    await befriend(stack.server, ana, bo);
    const conversation = (await startConversation(stack.server, ana, bo)).id;
    const reader = bearer(stack.server, await createToken(ana, ['read', 'write']));
    expect(errorCode(await reader.get('/conversations').expect(403))).toBe('insufficient-scope');
    const messenger = bearer(stack.server, await createToken(ana, ['messages']));
    await messenger.get('/conversations').expect(200);
    await messenger
      .post(`/conversations/${conversation}/messages`, { content: 'Sent by a script' })
      .expect(201);

    const ownerReader = bearer(stack.server, await createToken(owner, ['read']));
    const refused = await ownerReader.get('/backups/stats').expect(403);
    expect(refused.body.error.message).toBe(apiTokenMessages.insufficientScope('admin'));
  });

  it('cannot manage the account: tokens, password, email, export and deletion need a browser', async () => {
    const ana = await signUp(stack.server);
    const all = bearer(stack.server, await createToken(ana, ['read', 'write', 'messages']));
    const refusals = [
      await all.get('/me/api-tokens'),
      await all.post('/me/api-tokens', { name: 'x', scopes: ['read'], expiresInDays: 30 }),
      await all.post('/me/password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }),
      await all.post('/me/email', { email: 'elsewhere@example.com' }),
      await all.get('/me/export'),
      await all.post('/me/delete', { password: TEST_PASSWORD, confirmation: 'DELETE' }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({
        code: 'session-required',
        message: apiTokenMessages.sessionRequired,
      });
    }
  });

  it('are judged by the token alone, cookie or not, and refuse unknown tokens with 401', async () => {
    const ana = await signUp(stack.server);
    const secret = await createToken(ana, ['read']);
    // Ana's cookie would allow the change; the token on the same request does not.
    const res = await request(stack.server.url)
      .patch('/api/me/settings')
      .set('cookie', ana.cookie)
      .set('authorization', `Bearer ${secret}`)
      .send({ appearance: { theme: 'dark' } })
      .expect(403);
    expect(errorCode(res)).toBe('insufficient-scope');

    // One character changed: the last one, to a letter it is not (one secret in 64 ends in `A`).
    const altered = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of ['agora_pat_nothing', altered, '']) {
      const unknown = await bearer(stack.server, wrong).get('/auth/session').expect(401);
      expect(unknown.body.error).toEqual({
        code: 'invalid-token',
        message: apiTokenMessages.invalid,
      });
      expect(unknown.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    }
  });
});

describe('ending tokens', () => {
  it('revoking stops the token at once and lists it as revoked', async () => {
    const ana = await signUp(stack.server);
    const secret = await createToken(ana, ['read']);
    const [token] = await tokensOf(ana);
    await as(stack.server, ana).delete(`/me/api-tokens/${token!.id}`).expect(204);
    // Again changes nothing; another member's token reads as none.
    await as(stack.server, ana).delete(`/me/api-tokens/${token!.id}`).expect(204);
    const bo = await signUp(stack.server);
    await as(stack.server, bo).delete(`/me/api-tokens/${token!.id}`).expect(404);

    const res = await bearer(stack.server, secret).get('/auth/session').expect(401);
    expect(res.body.error).toEqual({ code: 'token-revoked', message: apiTokenMessages.revoked });
    const [listed] = await tokensOf(ana);
    expect(listed).toMatchObject({ status: 'revoked', revokedReason: 'revoked' });
  });

  it('an expired token is refused and listed as expired', async () => {
    const ana = await signUp(stack.server);
    const secret = await createToken(ana, ['read'], 1);
    await bearer(stack.server, secret).get('/auth/session').expect(200);
    // A day passing, for the read model (the test cannot wait for it).
    await db()
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', ana.id)
      .execute();
    const res = await bearer(stack.server, secret).get('/auth/session').expect(401);
    expect(res.body.error).toEqual({ code: 'token-expired', message: apiTokenMessages.expired });
    const [listed] = await tokensOf(ana);
    expect(listed!.status).toBe('expired');
  });

  it('a password change revokes every token of the member', async () => {
    const ana = await signUp(stack.server);
    const [first, second] = [await createToken(ana, ['read']), await createToken(ana, ['write'])];
    await as(stack.server, ana)
      .post('/me/password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })
      .expect(200);
    for (const secret of [first, second]) {
      const refused = await bearer(stack.server, secret).get('/auth/session').expect(401);
      expect(refused.body.error).toEqual({
        code: 'token-revoked',
        message: apiTokenMessages.revokedByPasswordChange,
      });
    }
    // The change ended Ana's sessions too: she signs in again to see why her scripts stopped.
    const signedIn = await signIn(stack.server, {
      email: ana.email,
      password: NEW_PASSWORD,
    }).expect(200);
    const fresh = { ...ana, cookie: sessionCookie(signedIn.headers['set-cookie']) };
    const listed = await tokensOf(fresh);
    expect(listed.map((token) => token.revokedReason)).toEqual([
      'password-changed',
      'password-changed',
    ]);
  });

  it('deleting the account removes its tokens', async () => {
    const ana = await signUp(stack.server);
    const secret = await createToken(ana, ['read']);
    await as(stack.server, ana)
      .post('/me/delete', { password: TEST_PASSWORD, confirmation: 'DELETE' })
      .expect(204);
    const res = await bearer(stack.server, secret).get('/auth/session').expect(401);
    expect(errorCode(res)).toBe('invalid-token');
    const left = await db()
      .selectFrom('api_tokens')
      .select('id')
      .where('user_id', '=', ana.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('sockets', () => {
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  function openWithToken(token: string): Socket {
    const socket = connectSocket(stack.server.url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    sockets.push(socket);
    return socket;
  }

  const refusal = (socket: Socket) =>
    new Promise<string>((resolve) =>
      socket.once('connect_error', (error) => resolve(error.message)),
    );

  it('accept a token with `read`, which hears the member but not their messages without `messages`', async () => {
    const [ana, bo] = [await signUp(stack.server), await signUp(stack.server)];
    const reader = openWithToken(await createToken(ana, ['read']));
    const messenger = openWithToken(await createToken(ana, ['read', 'messages']));
    await Promise.all([waitForConnect(reader), waitForConnect(messenger)]);

    const friendsChanged = waitForEvent(reader, SOCKET_EVENTS.friendsChanged);
    await befriend(stack.server, bo, ana);
    await friendsChanged;

    const conversation = (await startConversation(stack.server, bo, ana)).id;
    let readerHeard = false;
    reader.on(SOCKET_EVENTS.messageNew, () => {
      readerHeard = true;
    });
    const heard = waitForEvent(messenger, SOCKET_EVENTS.messageNew);
    await as(stack.server, bo)
      .post(`/conversations/${conversation}/messages`, { content: 'Hello' })
      .expect(201);
    await heard;
    // Both sockets are on one process: a push the messenger heard has reached the reader too.
    expect(readerHeard).toBe(false);
  });

  it('refuse unknown tokens and tokens without `read`, and close when the token is revoked', async () => {
    const ana = await signUp(stack.server);
    expect(await refusal(openWithToken('agora_pat_unknown'))).toBe('invalid-token');
    expect(await refusal(openWithToken(await createToken(ana, ['write'])))).toBe(
      'insufficient-scope',
    );

    const socket = openWithToken(await createToken(ana, ['read'], 30, 'Live'));
    await waitForConnect(socket);
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const live = (await tokensOf(ana)).find((token) => token.name === 'Live')!;
    await as(stack.server, ana).delete(`/me/api-tokens/${live.id}`).expect(204);
    await closed;
  });
});

describe('limits', () => {
  let limited: RunningServer;
  beforeAll(async () => {
    // A second process on the same database, with limits the rest of the file does not want.
    limited = await startTestServer(stack.database.url, {
      env: { API_TOKEN_FAILURES_PER_HOUR: '3', ADS_EVENTS_PER_MINUTE: '2' },
    });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('refuse a client after its failed tokens, whatever token it tries next', async () => {
    const ana = await signUp(stack.server);
    const good = await createToken(ana, ['read']);
    // Each test client here is another address, as the loopback proxy reports it.
    const from = (client: string, secret: string) =>
      request(limited.url)
        .get('/api/auth/session')
        .set('x-forwarded-for', client)
        .set('authorization', `Bearer ${secret}`);
    for (let i = 0; i < 3; i += 1) await from('203.0.113.7', `agora_pat_wrong${i}`).expect(401);
    const refused = await from('203.0.113.7', good).expect(429);
    expect(refused.body.error.code).toBe('rate-limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client, and the member's own sessions, are not held back.
    await from('203.0.113.8', good).expect(200);
    await as(limited, ana).get('/auth/session').expect(200);
  });

  it('count a token against the same per-member limits as the member’s sessions', async () => {
    const ana = await signUp(stack.server);
    const token = bearer(limited, await createToken(ana, ['read', 'write']));
    const ads = (await token.get('/ads').expect(200)).body as {
      definitions: Array<{ id: string }>;
      placements: Array<{ id: string }>;
    };
    const event = {
      adId: ads.definitions[0]!.id,
      placementId: ads.placements[0]!.id,
      kind: 'impression',
    };
    await as(limited, ana)
      .post('/ads/events', { events: [event] })
      .expect(202);
    await token.post('/ads/events', { events: [event] }).expect(202);
    const refused = await token.post('/ads/events', { events: [event] }).expect(429);
    expect(refused.body.error.code).toBe('rate-limited');
  });
});

it('rebuilds the tokens exactly from the log, revocations by password change included', async () => {
  const ana = await signUp(stack.server);
  await createToken(ana, ['read']);
  await createToken(ana, ['write'], 30, 'Second');
  const [second] = await tokensOf(ana);
  await as(stack.server, ana).delete(`/me/api-tokens/${second!.id}`).expect(204);
  await as(stack.server, ana)
    .post('/me/password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })
    .expect(200);
  // Ana's rows: the expiry test above moved another token's expiry by hand, which no replay makes.
  const hers = () =>
    db()
      .selectFrom('api_tokens as t')
      .leftJoin('api_token_uses as u', 'u.token_id', 't.id')
      .selectAll()
      .where('t.user_id', '=', ana.id)
      .orderBy('t.id')
      .execute();
  const before = await hers();
  expect(before).toHaveLength(2);
  await rebuild(db());
  expect(await hers()).toEqual(before);
});
