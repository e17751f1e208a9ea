import type { Socket } from 'socket.io-client';
import request from 'supertest';
import { SOCKET_EVENTS, type TypingPayload } from '../../shared/realtime';
import type { Conversation } from '../../shared/social';
import type { RunningServer } from '../../server/server';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import {
  openSocket,
  signUpMember,
  startTestServer,
  waitForConnect,
  waitForEvent,
  type TestMember,
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

async function start(from: TestMember, to: TestMember): Promise<Conversation> {
  const res = await request(serverA.url)
    .post('/api/conversations')
    .set('cookie', from.cookie)
    .send({ participantId: to.id })
    .expect(201);
  return res.body as Conversation;
}

async function connected(server: RunningServer, member: TestMember): Promise<Socket> {
  const socket = openSocket(server.url, member.cookie);
  await waitForConnect(socket);
  return socket;
}

describe('typing', () => {
  it('reaches every socket of the contact, on this process and on another one', async () => {
    const alice = await signUpMember(serverA);
    const bob = await signUpMember(serverA);
    const conversation = await start(alice, bob);
    const aliceSocket = await connected(serverA, alice);
    const bobHere = await connected(serverA, bob);
    const bobThere = await connected(serverB, bob);

    const heard = Promise.all(
      [bobHere, bobThere].map((s) => waitForEvent<TypingPayload>(s, SOCKET_EVENTS.typing)),
    );
    aliceSocket.emit(SOCKET_EVENTS.typing, { conversationId: conversation.id });
    expect(await heard).toEqual([
      { conversationId: conversation.id, userId: alice.id },
      { conversationId: conversation.id, userId: alice.id },
    ]);
    for (const s of [aliceSocket, bobHere, bobThere]) s.close();
  });

  it('drops signals from a member outside the conversation and malformed ones', async () => {
    const alice = await signUpMember(serverA);
    const bob = await signUpMember(serverA);
    const carol = await signUpMember(serverA);
    const aliceAndBob = await start(alice, bob);
    const carolAndBob = await start(carol, bob);
    const bobSocket = await connected(serverB, bob);
    const carolSocket = await connected(serverA, carol);

    const heard: TypingPayload[] = [];
    bobSocket.on(SOCKET_EVENTS.typing, (payload: TypingPayload) => heard.push(payload));
    const own = waitForEvent<TypingPayload>(
      bobSocket,
      SOCKET_EVENTS.typing,
      (p) => p.conversationId === carolAndBob.id,
    );
    carolSocket.emit(SOCKET_EVENTS.typing, { conversationId: aliceAndBob.id });
    carolSocket.emit(SOCKET_EVENTS.typing, { conversationId: 'not-a-uuid' });
    carolSocket.emit(SOCKET_EVENTS.typing, 'nonsense');
    carolSocket.emit(SOCKET_EVENTS.typing, { conversationId: carolAndBob.id, extra: true });
    carolSocket.emit(SOCKET_EVENTS.typing, { conversationId: carolAndBob.id });
    await own;
    expect(heard).toEqual([{ conversationId: carolAndBob.id, userId: carol.id }]);
    bobSocket.close();
    carolSocket.close();
  });
});
