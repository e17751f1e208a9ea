import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import request from 'supertest';
import { authErrorMessages } from '../../shared/auth/messages';
import { INGEST_RATE_PER_MINUTE, MONITORING_MESSAGES } from '../../shared/ops/monitoring';
import { SOCKET_EVENTS, type TypingPayload } from '../../shared/realtime';
import { SIGN_IN_ADDRESS_CEILING } from '../../server/domains/auth/sign-in-throttle';
import { CLIENT_LOG_ENTRIES_PER_MINUTE } from '../../server/domains/logs/routes';
import { PRESENCE_SIGNAL_RATE } from '../../server/domains/presence/presence-feature';
import { TYPING_SIGNAL_RATE } from '../../server/domains/messaging/typing';
import type { RunningServer } from '../../server/server';
import {
  queuedEmails,
  rowCounts,
  sessionCookie,
  signIn,
  signUp,
  startConversation,
  TEST_PASSWORD,
  type TestMember,
} from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { connectAs, startTestServer, waitForEvent } from '../support/test-server';

// Dozens of argon2 verifications on a shared machine.
jest.setTimeout(120_000);

/**
 * Every test request comes from 127.0.0.1, so the per-client limits are off where members are
 * signed up for the tests; `strict` turns them on, low, for the tests that reach them. Requests
 * stand for other clients with `X-Forwarded-For`, which Express believes from loopback.
 */
const RELAXED = { SIGN_UPS_PER_CLIENT_PER_HOUR: '0', RESETS_PER_CLIENT_PER_HOUR: '0' };
const STRICT = {
  SIGN_UPS_PER_CLIENT_PER_HOUR: '3',
  RESETS_PER_CLIENT_PER_HOUR: '4',
  RESETS_PER_ADDRESS_PER_HOUR: '2',
};

let database: TestDatabase;
/** Two processes on one database, and a third with small limits. */
let a: RunningServer;
let b: RunningServer;
let strict: RunningServer;

beforeAll(async () => {
  database = await createTestDatabase();
  a = await startTestServer(database.url, { env: RELAXED });
  b = await startTestServer(database.url, { env: RELAXED });
  strict = await startTestServer(database.url, { env: STRICT });
});
afterAll(async () => {
  await Promise.all([a, b, strict].map((server) => server?.close()));
  await database?.drop();
});

const db = () => database.db;

function signInFrom(server: RunningServer, client: string, email: string, password: string) {
  return signIn(server, { email, password }).set('x-forwarded-for', client);
}

function post(server: RunningServer, client: string, path: string, body: object) {
  return request(server.url).post(`/api${path}`).set('x-forwarded-for', client).send(body);
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[values.length >> 1]!;

describe('failed sign-ins', () => {
  it("refuse every client but the member's own once an address has its ceiling of failures for the day", async () => {
    const owner = await signUp(a);
    const own = '198.51.100.10';
    await signInFrom(a, own, owner.email, TEST_PASSWORD).expect(200);

    // Strangers rotating through addresses: each is locked out after five, together they reach
    // the ceiling.
    const strangers = Array.from(
      { length: SIGN_IN_ADDRESS_CEILING.maxFailures / 5 },
      (_, i) => `203.0.113.${i + 1}`,
    );
    for (let wave = 0; wave < strangers.length; wave += 5) {
      await Promise.all(
        strangers.slice(wave, wave + 5).map(async (client) => {
          for (let i = 0; i < 5; i += 1) {
            await signInFrom(a, client, owner.email, 'Wrong1234').expect(401);
          }
        }),
      );
    }

    const fresh = '203.0.113.99';
    const refused = await signInFrom(a, fresh, owner.email, TEST_PASSWORD).expect(429);
    expect(refused.body.error).toEqual({
      code: 'too-many-requests',
      message: authErrorMessages['too-many-requests'],
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);

    // The member's own client is let through.
    await signInFrom(a, own, owner.email, TEST_PASSWORD).expect(200);

    // A day after the first of those failures, any client may try again.
    await sql`update sign_in_address_throttle
      set window_started_at = window_started_at - interval '1 day'
      where email = ${owner.email}`.execute(db());
    await signInFrom(a, fresh, owner.email, TEST_PASSWORD).expect(200);
  });

  it('spend as much on an unknown address as on a known one', async () => {
    const member = await signUp(a);
    const known: number[] = [];
    const unknown: number[] = [];
    // CPU time of this process (where the server runs, argon2 threads included), so that what
    // other processes of the machine do does not count; interleaved, so drifts hit both.
    const cpuOf = async (attempt: () => Promise<unknown>) => {
      const start = process.cpuUsage();
      await attempt();
      const { user, system } = process.cpuUsage(start);
      return user + system;
    };
    for (let i = 0; i < 7; i += 1) {
      known.push(
        await cpuOf(() => signInFrom(a, `192.0.2.${i + 1}`, member.email, 'Wrong1234').expect(401)),
      );
      unknown.push(
        await cpuOf(() =>
          signInFrom(
            a,
            `192.0.2.${i + 101}`,
            `nobody_${randomUUID()}@example.com`,
            'Wrong1234',
          ).expect(404),
        ),
      );
    }
    expect(median(unknown)).toBeGreaterThan(0.6 * median(known));
  });
});

describe('password reset requests', () => {
  it('are limited per address, whichever clients ask, with 429 and Retry-After', async () => {
    const member = await signUp(a);
    for (const client of ['198.51.100.21', '198.51.100.22']) {
      await post(strict, client, '/auth/password-reset', { email: member.email }).expect(200);
    }
    const refused = await post(strict, '198.51.100.23', '/auth/password-reset', {
      email: member.email.toUpperCase(),
    }).expect(429);
    expect(refused.body.error.code).toBe('rate-limited');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await queuedEmails(db(), member.email, 'Password Reset')).toHaveLength(2);
  });

  it('are limited per client, whichever addresses it asks for', async () => {
    const client = '198.51.100.31';
    for (let i = 0; i < 4; i += 1) {
      await post(strict, client, '/auth/password-reset', {
        email: `ghost_${i}_${randomUUID()}@example.com`,
      }).expect(404);
    }
    const refused = await post(strict, client, '/auth/password-reset', {
      email: `ghost_${randomUUID()}@example.com`,
    }).expect(429);
    expect(refused.body.error.code).toBe('rate-limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not held back by this one.
    await post(strict, '198.51.100.32', '/auth/password-reset', {
      email: `ghost_${randomUUID()}@example.com`,
    }).expect(404);
  });
});

describe('sign-ups', () => {
  it('are limited per client, with nothing written for the refused one', async () => {
    const account = () => {
      const name = `limited_${randomUUID().slice(0, 8)}`;
      return { username: name, email: `${name}@example.com`, password: TEST_PASSWORD };
    };
    const client = '198.51.100.41';
    for (let i = 0; i < 3; i += 1) {
      await post(strict, client, '/auth/sign-up', account()).expect(201);
    }
    const before = await rowCounts(db(), ['events', 'users', 'sessions']);
    const refused = await post(strict, client, '/auth/sign-up', account()).expect(429);
    expect(refused.body.error.code).toBe('rate-limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await rowCounts(db(), ['events', 'users', 'sessions'])).toEqual(before);
    await post(strict, '198.51.100.42', '/auth/sign-up', account()).expect(201);
  });
});

/** A second session of the member, signed in on `server`. */
async function secondSession(server: RunningServer, member: TestMember): Promise<TestMember> {
  const res = await signIn(server, { email: member.email, password: member.password }).expect(200);
  return { ...member, cookie: sessionCookie(res.headers['set-cookie']) };
}

interface Ingestion {
  name: string;
  limit: number;
  /** Posts `count` items as the member's session; answers the response to expect on. */
  send(server: RunningServer, who: TestMember, count: number): request.Test;
  ok: number;
  message: string;
}

const ingestions: Ingestion[] = [
  {
    name: 'log lines',
    limit: CLIENT_LOG_ENTRIES_PER_MINUTE,
    ok: 201,
    message: 'Too many log entries. Please slow down.',
    send: (server, who, count) =>
      request(server.url)
        .post('/api/logs')
        .set('cookie', who.cookie)
        .send({
          entries: Array.from({ length: count }, (_, i) => ({ level: 'DEBUG', message: `n ${i}` })),
        }),
  },
  {
    name: 'monitoring events',
    limit: INGEST_RATE_PER_MINUTE.events,
    ok: 202,
    message: MONITORING_MESSAGES.rateLimited,
    send: (server, who, count) =>
      request(server.url)
        .post('/api/monitoring/events')
        .set('cookie', who.cookie)
        .send({
          events: Array.from({ length: count }, (_, i) => ({
            type: 'error',
            severity: 'low',
            message: `flood ${i}`,
          })),
        }),
  },
];

describe.each(ingestions)('ingestion of $name', (ingestion) => {
  /** Half the member's limit through `first`, half through `second`, in two batches each. */
  async function spend(first: [RunningServer, TestMember], second: [RunningServer, TestMember]) {
    const batch = ingestion.limit / 4;
    for (const [server, who] of [first, first, second, second]) {
      await ingestion.send(server, who, batch).expect(ingestion.ok);
    }
    for (const [server, who] of [first, second]) {
      const refused = await ingestion.send(server, who, 1).expect(429);
      expect(refused.body.error).toEqual({ code: 'rate-limited', message: ingestion.message });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  }

  it('is limited per member across two sessions', async () => {
    const member = await signUp(a);
    await spend([a, member], [a, await secondSession(a, member)]);
    // Another member is not held back.
    await ingestion.send(a, await signUp(a), 1).expect(ingestion.ok);
  });

  it('is limited per member across two server processes', async () => {
    const member = await signUp(a);
    await spend([a, member], [b, member]);
  });
});

describe('socket signals', () => {
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  const connect = async (member: TestMember) => {
    const socket = await connectAs(a, member);
    sockets.push(socket);
    return socket;
  };

  it('drop typing signals a socket floods with, then pass them again', async () => {
    const [alice, bob] = [await signUp(a), await signUp(a)];
    const conversation = await startConversation(a, alice, bob);
    const aliceSocket = await connect(alice);
    const bobSocket = await connect(bob);
    const heard: TypingPayload[] = [];
    bobSocket.on(SOCKET_EVENTS.typing, (payload: TypingPayload) => heard.push(payload));

    // Each signal for a conversation not seen before costs a look-up; a flood spends the bucket.
    for (let i = 0; i < TYPING_SIGNAL_RATE.burst * 3; i += 1) {
      aliceSocket.emit(SOCKET_EVENTS.typing, { conversationId: randomUUID() });
    }
    aliceSocket.emit(SOCKET_EVENTS.typing, { conversationId: conversation.id });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(heard).toEqual([]);

    // A second later a token is back.
    const next = waitForEvent<TypingPayload>(bobSocket, SOCKET_EVENTS.typing);
    aliceSocket.emit(SOCKET_EVENTS.typing, { conversationId: conversation.id });
    expect(await next).toEqual({ conversationId: conversation.id, userId: alice.id });
  });

  it('drop presence signals a socket floods with, and store those within its rate', async () => {
    const ACK_WAIT_MS = 10_000;
    const member = await signUp(a);
    const socket = await connect(member);
    const flood = PRESENCE_SIGNAL_RATE.burst * 3;
    // A stored signal is acknowledged once its write is done: on a busy machine that can take
    // seconds, and a late acknowledgement must not be counted as a dropped signal.
    const answers = await Promise.allSettled(
      Array.from({ length: flood }, (_, i) =>
        socket.timeout(ACK_WAIT_MS).emitWithAck(SOCKET_EVENTS.presence, {
          visible: i % 2 === 0,
          active: true,
        }),
      ),
    );
    const stored = answers.filter((answer) => answer.status === 'fulfilled').length;
    expect(stored).toBeGreaterThanOrEqual(PRESENCE_SIGNAL_RATE.burst);
    // The burst, and at most the one or two tokens earned while the flood was answered.
    expect(stored).toBeLessThanOrEqual(PRESENCE_SIGNAL_RATE.burst + 2);

    // The dropped ones waited ten seconds for their answer: a token is back by now.
    await socket
      .timeout(ACK_WAIT_MS)
      .emitWithAck(SOCKET_EVENTS.presence, { visible: false, active: false });
    const row = await db()
      .selectFrom('socket_presence')
      .select('visible')
      .where('socket_id', '=', socket.id!)
      .executeTakeFirstOrThrow();
    expect(row.visible).toBe(false);
  });
});
