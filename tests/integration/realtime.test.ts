import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { sql } from 'kysely';
import pg from 'pg';
import request from 'supertest';
import type { Badges } from '../../shared/badges';
import { SOCKET_EVENTS } from '../../shared/realtime';
import type { RunningServer } from '../../server/server';
import { eventually } from '../support/eventually';
import { as, signIn, signUp, signUpMembers } from '../support/factories';
import {
  connectAs,
  openSocket,
  useTwoServersOnOneDatabase,
  waitForConnect,
  waitForEvent,
} from '../support/test-server';

const servers = useTwoServersOnOneDatabase();

function raise(server: RunningServer, userId: string, counter = 'notifications', delta = 1) {
  return request(server.url)
    .post('/api/test/badge-events')
    .send({ userId, counter, delta })
    .expect(201);
}

describe('socket handshake', () => {
  it('refuses a socket without a session, or with a dead one', async () => {
    const anonymous = openSocket(servers.a.url);
    await expect(waitForConnect(anonymous)).rejects.toThrow('unauthorized');
    anonymous.close();
    const forged = openSocket(servers.a.url, 'agora_session=not-a-real-token');
    await expect(waitForConnect(forged)).rejects.toThrow('unauthorized');
    forged.close();
  });

  it('disconnects the sockets of a session that signs out, on every process, and only those', async () => {
    const member = await signUp(servers.a);
    const other = await signIn(servers.a, {
      email: member.email,
      password: member.password,
    }).expect(200);
    const otherCookie = String(other.headers['set-cookie']).split(';')[0]!;
    const onA = openSocket(servers.a.url, member.cookie);
    const onB = openSocket(servers.b.url, member.cookie);
    const otherSession = openSocket(servers.b.url, otherCookie);
    await Promise.all([waitForConnect(onA), waitForConnect(onB), waitForConnect(otherSession)]);

    const closedA = new Promise((resolve) => onA.once('disconnect', resolve));
    const closedB = new Promise((resolve) => onB.once('disconnect', resolve));
    await as(servers.a, member).post('/auth/sign-out').expect(204);
    await expect(closedA).resolves.toBe('io server disconnect');
    await expect(closedB).resolves.toBe('io server disconnect');

    // The other session is untouched: it still gets its pushes.
    const pushed = waitForEvent<Badges>(otherSession, 'badges');
    await raise(servers.a, member.id);
    await expect(pushed).resolves.toMatchObject({ notifications: 1 });
    otherSession.close();
  });
});

describe('badges', () => {
  it('serves absolute, versioned counts and pushes the same shape after each change', async () => {
    const member = await signUp(servers.a);
    const snapshot = await as(servers.a, member).get('/me/badges').expect(200);
    expect(snapshot.body).toEqual({ notifications: 0, messages: 0, friendRequests: 0, version: 0 });

    const socket = await connectAs(servers.a, member);
    const first = waitForEvent<Badges>(socket, 'badges');
    await raise(servers.a, member.id, 'messages');
    expect(await first).toEqual({ notifications: 0, messages: 1, friendRequests: 0, version: 1 });

    const second = waitForEvent<Badges>(socket, 'badges', (b) => b.version >= 3);
    await raise(servers.a, member.id, 'friendRequests');
    await raise(servers.a, member.id, 'messages', -1);
    expect(await second).toEqual({ notifications: 0, messages: 0, friendRequests: 1, version: 3 });

    const after = await as(servers.a, member).get('/me/badges').expect(200);
    expect(after.body).toEqual(await second);
    socket.close();
  });

  it('pushes only to the member concerned', async () => {
    const [alice, bob] = await signUpMembers(servers.a, 2);
    const [aliceSocket, bobSocket] = await Promise.all([
      connectAs(servers.a, alice),
      connectAs(servers.a, bob),
    ]);
    const bobReceived: Badges[] = [];
    bobSocket.on('badges', (b: Badges) => bobReceived.push(b));
    const alicePushed = waitForEvent<Badges>(aliceSocket, 'badges');
    await raise(servers.a, alice.id);
    await alicePushed;
    // A later push to Bob proves the relay has passed Alice's event without sending it to him.
    const bobPushed = waitForEvent<Badges>(bobSocket, 'badges');
    await raise(servers.a, bob.id, 'messages');
    await bobPushed;
    expect(bobReceived).toEqual([{ notifications: 0, messages: 1, friendRequests: 0, version: 1 }]);
    aliceSocket.close();
    bobSocket.close();
  });

  it('delivers an event appended through process A to a socket connected to process B', async () => {
    const member = await signUp(servers.a);
    const socket = await connectAs(servers.b, member);
    const pushed = waitForEvent<Badges>(socket, 'badges');
    await raise(servers.a, member.id, 'friendRequests');
    expect(await pushed).toEqual({ notifications: 0, messages: 0, friendRequests: 1, version: 1 });
    socket.close();
  });

  it('never pushes a version twice or out of order under concurrent commands', async () => {
    const member = await signUp(servers.a);
    const socket = await connectAs(servers.b, member);
    const versions: number[] = [];
    socket.on('badges', (b: Badges) => versions.push(b.version));
    const last = waitForEvent<Badges>(socket, 'badges', (b) => b.version === 40);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => raise(i % 2 ? servers.a : servers.b, member.id)),
    );
    expect(await last).toMatchObject({ notifications: 40, version: 40 });
    expect(new Set(versions).size).toBe(versions.length);
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    socket.close();
  });
});

describe('wake-ups after commit', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** The payloads sent on the events channel from now on, as another session hears them. */
  async function eventsChannelPayloads() {
    const client = new pg.Client({ connectionString: servers.database.url });
    const payloads: string[] = [];
    client.on('notification', (message) => payloads.push(message.payload ?? ''));
    await client.connect();
    await client.query('LISTEN agora_events');
    return { payloads, close: () => client.end() };
  }

  /** An event committed without any NOTIFY of its own, as a command's fast path writes it. */
  async function commitSilently(fromUserId: string, toUserId: string) {
    await sql`
      insert into events (stream_id, stream_version, type, data, metadata)
      values (${`wake-test-${randomUUID()}`}, 1, 'FriendRequestSent',
              ${JSON.stringify({ fromUserId, toUserId })}::jsonb, '{}'::jsonb)`.execute(
      servers.database.db,
    );
  }

  afterEach(() => jest.restoreAllMocks());

  it("wakes another process's relay at once, while the sender's own relay ignores its NOTIFY", async () => {
    const [alice, bob] = await signUpMembers(servers.a, 2);
    const socket = await connectAs(servers.b, bob);
    const channel = await eventsChannelPayloads();
    // The sign-ups' own wake-ups have been delivered before counting starts.
    await sleep(200);
    const wakeA = jest.spyOn(servers.a.relay, 'wake');
    const wakeB = jest.spyOn(servers.b.relay, 'wake');

    const pushed = waitForEvent(socket, SOCKET_EVENTS.friendsChanged);
    await commitSilently(alice.id, bob.id);
    servers.a.relay.wakeAfterCommit();
    await pushed;
    // B's relay was woken by A's NOTIFY: its 1 s safety poll never calls `wake`. How soon is not
    // asserted, since on a busy machine any bound in milliseconds is luck.
    await eventually(
      async () => wakeB.mock.calls.length,
      (calls) => calls > 0,
    );
    expect(wakeB).toHaveBeenCalled();

    while (!channel.payloads.includes(servers.a.relay.nodeId)) await sleep(10);
    await sleep(100);
    // A's relay woke once, directly; its own NOTIFY, heard on its connection too, did nothing.
    expect(wakeA).toHaveBeenCalledTimes(1);
    await channel.close();
    socket.close();
  });

  it('keeps at most one NOTIFY in flight: a burst of commits sends two', async () => {
    const channel = await eventsChannelPayloads();
    for (let i = 0; i < 20; i += 1) servers.a.relay.wakeAfterCommit();
    const sent = () => channel.payloads.filter((payload) => payload === servers.a.relay.nodeId);
    // However slowly they arrive, two come; a third would follow the second at once.
    await eventually(
      async () => sent().length,
      (count) => count >= 2,
    );
    await sleep(300);
    expect(sent()).toEqual([servers.a.relay.nodeId, servers.a.relay.nodeId]);
    await channel.close();
  });
});

describe('health', () => {
  it('reports the process up and the database and relay ready', async () => {
    await request(servers.a.url).get('/healthz').expect(200, { status: 'ok' });
    await request(servers.a.url)
      .get('/readyz')
      .expect(200, { status: 'ready', database: 'up', relay: 'up' });
  });
});
