import type { Socket } from 'socket.io-client';
import request from 'supertest';
import { SOCKET_EVENTS, type TypingPayload } from '../../shared/realtime';
import type { Conversation } from '../../shared/social';
import type { RunningServer } from '../../server/server';
import {
  openSocket,
  signUpMember,
  useTwoServersOnOneDatabase,
  waitForConnect,
  waitForEvent,
  type TestMember,
} from '../support/test-server';

const servers = useTwoServersOnOneDatabase();

async function start(from: TestMember, to: TestMember): Promise<Conversation> {
  const res = await request(servers.a.url)
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
    const alice = await signUpMember(servers.a);
    const bob = await signUpMember(servers.a);
    const conversation = await start(alice, bob);
    const aliceSocket = await connected(servers.a, alice);
    const bobHere = await connected(servers.a, bob);
    const bobThere = await connected(servers.b, bob);

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
    const alice = await signUpMember(servers.a);
    const bob = await signUpMember(servers.a);
    const carol = await signUpMember(servers.a);
    const aliceAndBob = await start(alice, bob);
    const carolAndBob = await start(carol, bob);
    const bobSocket = await connected(servers.b, bob);
    const carolSocket = await connected(servers.a, carol);

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
