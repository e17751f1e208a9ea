import request from 'supertest';
import type { Badges } from '../../shared/badges';
import type { RunningServer } from '../../server/server';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import {
  openSocket,
  signUpMember,
  startTestServer,
  waitForConnect,
  waitForEvent,
} from '../support/test-server';

let database: TestDatabase;
let serverA: RunningServer;
let serverB: RunningServer;

beforeAll(async () => {
  database = await createTestDatabase();
  serverA = await startTestServer(database.url);
  serverB = await startTestServer(database.url);
});
afterAll(async () => {
  await serverA.close();
  await serverB.close();
  await database.drop();
});

function raise(server: RunningServer, userId: string, counter = 'notifications', delta = 1) {
  return request(server.url)
    .post('/api/test/badge-events')
    .send({ userId, counter, delta })
    .expect(201);
}

describe('socket handshake', () => {
  it('refuses a socket without a session, or with a dead one', async () => {
    const anonymous = openSocket(serverA.url);
    await expect(waitForConnect(anonymous)).rejects.toThrow('unauthorized');
    anonymous.close();
    const forged = openSocket(serverA.url, 'agora_session=not-a-real-token');
    await expect(waitForConnect(forged)).rejects.toThrow('unauthorized');
    forged.close();
  });

  it('disconnects the sockets of a session that signs out, on every process, and only those', async () => {
    const member = await signUpMember(serverA);
    const other = await request(serverA.url)
      .post('/api/auth/sign-in')
      .send({ email: member.email, password: member.password })
      .expect(200);
    const otherCookie = String(other.headers['set-cookie']).split(';')[0]!;
    const onA = openSocket(serverA.url, member.cookie);
    const onB = openSocket(serverB.url, member.cookie);
    const otherSession = openSocket(serverB.url, otherCookie);
    await Promise.all([waitForConnect(onA), waitForConnect(onB), waitForConnect(otherSession)]);

    const closedA = new Promise((resolve) => onA.once('disconnect', resolve));
    const closedB = new Promise((resolve) => onB.once('disconnect', resolve));
    await request(serverA.url).post('/api/auth/sign-out').set('cookie', member.cookie).expect(204);
    await expect(closedA).resolves.toBe('io server disconnect');
    await expect(closedB).resolves.toBe('io server disconnect');

    // The other session is untouched: it still gets its pushes.
    const pushed = waitForEvent<Badges>(otherSession, 'badges');
    await raise(serverA, member.id);
    await expect(pushed).resolves.toMatchObject({ notifications: 1 });
    otherSession.close();
  });
});

describe('badges', () => {
  it('serves absolute, versioned counts and pushes the same shape after each change', async () => {
    const member = await signUpMember(serverA);
    const snapshot = await request(serverA.url)
      .get('/api/me/badges')
      .set('cookie', member.cookie)
      .expect(200);
    expect(snapshot.body).toEqual({ notifications: 0, messages: 0, friendRequests: 0, version: 0 });

    const socket = openSocket(serverA.url, member.cookie);
    await waitForConnect(socket);
    const first = waitForEvent<Badges>(socket, 'badges');
    await raise(serverA, member.id, 'messages');
    expect(await first).toEqual({ notifications: 0, messages: 1, friendRequests: 0, version: 1 });

    const second = waitForEvent<Badges>(socket, 'badges', (b) => b.version >= 3);
    await raise(serverA, member.id, 'friendRequests');
    await raise(serverA, member.id, 'messages', -1);
    expect(await second).toEqual({ notifications: 0, messages: 0, friendRequests: 1, version: 3 });

    const after = await request(serverA.url)
      .get('/api/me/badges')
      .set('cookie', member.cookie)
      .expect(200);
    expect(after.body).toEqual(await second);
    socket.close();
  });

  it('pushes only to the member concerned', async () => {
    const alice = await signUpMember(serverA);
    const bob = await signUpMember(serverA);
    const aliceSocket = openSocket(serverA.url, alice.cookie);
    const bobSocket = openSocket(serverA.url, bob.cookie);
    await Promise.all([waitForConnect(aliceSocket), waitForConnect(bobSocket)]);
    const bobReceived: Badges[] = [];
    bobSocket.on('badges', (b: Badges) => bobReceived.push(b));
    const alicePushed = waitForEvent<Badges>(aliceSocket, 'badges');
    await raise(serverA, alice.id);
    await alicePushed;
    // A later push to Bob proves the relay has passed Alice's event without sending it to him.
    const bobPushed = waitForEvent<Badges>(bobSocket, 'badges');
    await raise(serverA, bob.id, 'messages');
    await bobPushed;
    expect(bobReceived).toEqual([{ notifications: 0, messages: 1, friendRequests: 0, version: 1 }]);
    aliceSocket.close();
    bobSocket.close();
  });

  it('delivers an event appended through process A to a socket connected to process B', async () => {
    const member = await signUpMember(serverA);
    const socket = openSocket(serverB.url, member.cookie);
    await waitForConnect(socket);
    const pushed = waitForEvent<Badges>(socket, 'badges');
    await raise(serverA, member.id, 'friendRequests');
    expect(await pushed).toEqual({ notifications: 0, messages: 0, friendRequests: 1, version: 1 });
    socket.close();
  });

  it('never pushes a version twice or out of order under concurrent commands', async () => {
    const member = await signUpMember(serverA);
    const socket = openSocket(serverB.url, member.cookie);
    await waitForConnect(socket);
    const versions: number[] = [];
    socket.on('badges', (b: Badges) => versions.push(b.version));
    const last = waitForEvent<Badges>(socket, 'badges', (b) => b.version === 40);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => raise(i % 2 ? serverA : serverB, member.id)),
    );
    expect(await last).toMatchObject({ notifications: 40, version: 40 });
    expect(new Set(versions).size).toBe(versions.length);
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    socket.close();
  });
});

describe('health', () => {
  it('reports the process up and the database and relay ready', async () => {
    await request(serverA.url).get('/healthz').expect(200, { status: 'ok' });
    await request(serverA.url)
      .get('/readyz')
      .expect(200, { status: 'ready', database: 'up', relay: 'up' });
  });
});
