import { SOCKET_EVENTS, type TypingPayload } from '../../shared/realtime';
import { signUpMembers, startConversation } from '../support/factories';
import { connectAs, useTwoServersOnOneDatabase, waitForEvent } from '../support/test-server';

const servers = useTwoServersOnOneDatabase();

describe('typing', () => {
  it('reaches every socket of the contact, on this process and on another one', async () => {
    const [alice, bob] = await signUpMembers(servers.a, 2);
    const conversation = await startConversation(servers.a, alice, bob);
    const aliceSocket = await connectAs(servers.a, alice);
    const bobHere = await connectAs(servers.a, bob);
    const bobThere = await connectAs(servers.b, bob);

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
    const [alice, bob, carol] = await signUpMembers(servers.a, 3);
    const aliceAndBob = await startConversation(servers.a, alice, bob);
    const carolAndBob = await startConversation(servers.a, carol, bob);
    const bobSocket = await connectAs(servers.b, bob);
    const carolSocket = await connectAs(servers.a, carol);

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
