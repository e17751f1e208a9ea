import type { Socket } from 'socket.io-client';
import {
  callMessages,
  type Call,
  type CallSignalPayload,
  type JoinedCall,
} from '../../shared/calls';
import { SOCKET_EVENTS, type MessageNewPayload } from '../../shared/realtime';
import type { MessagesPage, NotificationsPage } from '../../shared/social';
import {
  as,
  signUpMembers,
  snapshotTable,
  startConversation,
  type TestMember,
} from '../support/factories';
import { eventually } from '../support/eventually';
import { rebuild } from '../support/model';
import { connectAs, useTwoServersOnOneDatabase, waitForEvent } from '../support/test-server';

const RING_TIMEOUT_MS = 3000;
const servers = useTwoServersOnOneDatabase({
  env: { CALL_RING_TIMEOUT_MS: String(RING_TIMEOUT_MS) },
});
const db = () => servers.database.db;

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
async function socketOf(server: typeof servers.a, member: TestMember) {
  const socket = await connectAs(server, member);
  sockets.push(socket);
  return socket;
}

const updated = (socket: Socket, state: Call['state']) =>
  waitForEvent<{ call: Call }>(
    socket,
    SOCKET_EVENTS.callUpdated,
    ({ call }) => call.state === state,
  );

const entryOf = (socket: Socket) =>
  waitForEvent<MessageNewPayload>(
    socket,
    SOCKET_EVENTS.messageNew,
    ({ message }) => message.type === 'call',
  );

async function call(from: TestMember, conversationId: string, kind: 'audio' | 'video' = 'video') {
  const res = await as(servers.a, from).post('/calls', { conversationId, kind }).expect(201);
  return res.body as JoinedCall;
}

async function thread(member: TestMember, conversationId: string) {
  const res = await as(servers.a, member)
    .get(`/conversations/${conversationId}/messages`)
    .expect(200);
  return (res.body as MessagesPage).messages;
}

/** An SDP past what one NOTIFY payload holds: it crosses processes in parts. */
const LARGE_SDP = Array.from(
  { length: 400 },
  (_, i) => `a=candidate:${i} 1 udp 2122260223 10.0.0.1 ${40000 + i} typ host`,
).join('\r\n');

describe('calls', () => {
  it('rings every device of the callee, relays signals to the other party only, and leaves the call in the thread', async () => {
    const [alice, bob, carol] = await signUpMembers(servers.a, 3);
    const conversation = await startConversation(servers.a, alice, bob);
    const aliceSocket = await socketOf(servers.a, alice);
    const bobHere = await socketOf(servers.a, bob);
    const bobThere = await socketOf(servers.b, bob);
    const carolSocket = await socketOf(servers.b, carol);

    const ringing = Promise.all([bobHere, bobThere].map((s) => updated(s, 'ringing')));
    const started = await call(alice, conversation.id);
    expect(started).toMatchObject({
      call: { state: 'ringing', kind: 'video', caller: { id: alice.id }, callee: { id: bob.id } },
      iceServers: [],
    });
    const rung = await ringing;
    expect(rung.map(({ call }) => call.id)).toEqual([started.call.id, started.call.id]);
    expect(rung[0]!.call.caller.displayName).toEqual(expect.any(String));

    const accepted = updated(aliceSocket, 'accepted');
    const answered = await as(servers.b, bob).post(`/calls/${started.call.id}/answer`).expect(200);
    expect((answered.body as JoinedCall).call.state).toBe('accepted');
    await accepted;
    // A second answer (another device) is refused.
    await as(servers.a, bob).post(`/calls/${started.call.id}/answer`).expect(409);

    const heardByAlice: CallSignalPayload[] = [];
    aliceSocket.on(SOCKET_EVENTS.callSignal, (p: CallSignalPayload) => heardByAlice.push(p));
    const heardByCarol: CallSignalPayload[] = [];
    carolSocket.on(SOCKET_EVENTS.callSignal, (p: CallSignalPayload) => heardByCarol.push(p));

    const offers = Promise.all(
      [bobHere, bobThere].map((s) => waitForEvent<CallSignalPayload>(s, SOCKET_EVENTS.callSignal)),
    );
    const offer = { type: 'offer' as const, sdp: LARGE_SDP };
    aliceSocket.emit(SOCKET_EVENTS.callSignal, { callId: started.call.id, signal: offer });
    expect(await offers).toEqual([
      { callId: started.call.id, fromUserId: alice.id, signal: offer },
      { callId: started.call.id, fromUserId: alice.id, signal: offer },
    ]);

    // Carol is no party: her signal goes nowhere. Bob's candidate reaches Alice.
    carolSocket.emit(SOCKET_EVENTS.callSignal, {
      callId: started.call.id,
      signal: { type: 'answer', sdp: 'x' },
    });
    const candidate = {
      type: 'candidate' as const,
      candidate: {
        candidate: 'candidate:1 1 udp 1 10.0.0.2 5000 typ host',
        sdpMid: '0',
        sdpMLineIndex: 0,
      },
    };
    const toAlice = waitForEvent<CallSignalPayload>(aliceSocket, SOCKET_EVENTS.callSignal);
    bobThere.emit(SOCKET_EVENTS.callSignal, { callId: started.call.id, signal: candidate });
    expect(await toAlice).toEqual({
      callId: started.call.id,
      fromUserId: bob.id,
      signal: candidate,
    });
    expect(heardByCarol).toEqual([]);
    expect(heardByAlice).toHaveLength(1);

    const entries = Promise.all([aliceSocket, bobThere].map(entryOf));
    const ended = await as(servers.a, alice).post(`/calls/${started.call.id}/hang-up`).expect(200);
    expect(ended.body).toMatchObject({ state: 'ended', endReason: 'completed' });
    const [aliceEntry, bobEntry] = await entries;
    expect(aliceEntry!.message).toMatchObject({
      id: started.call.id,
      senderId: alice.id,
      type: 'call',
      call: { callId: started.call.id, kind: 'video', outcome: 'completed' },
    });
    expect(aliceEntry!.message.content).toMatch(/^Video call · 0:0\d$/);
    expect(bobEntry!.conversation.unreadCount).toBe(1);
    expect((await thread(bob, conversation.id)).at(-1)).toMatchObject({
      type: 'call',
      call: { outcome: 'completed' },
    });

    // Hanging up again changes nothing; the call is over for signals too.
    await as(servers.a, bob).post(`/calls/${started.call.id}/hang-up`).expect(200);
    await as(servers.a, carol).post(`/calls/${started.call.id}/hang-up`).expect(404);
  });

  it('declined: the caller hears it and the thread says so', async () => {
    const [alice, bob] = await signUpMembers(servers.a, 2);
    const conversation = await startConversation(servers.a, alice, bob);
    const aliceSocket = await socketOf(servers.b, alice);
    const { call: started } = await call(alice, conversation.id, 'audio');
    const declined = updated(aliceSocket, 'ended');
    await as(servers.a, alice).post(`/calls/${started.id}/decline`).expect(403);
    await as(servers.a, bob).post(`/calls/${started.id}/decline`).expect(200);
    expect((await declined).call.endReason).toBe('declined');
    expect((await thread(alice, conversation.id)).at(-1)).toMatchObject({
      content: 'Call declined',
      type: 'call',
    });
    await as(servers.a, bob).post(`/calls/${started.id}/answer`).expect(409);
  });

  it('answers busy while the callee is in another call, and refuses a caller already in one', async () => {
    const [alice, bob, carol] = await signUpMembers(servers.a, 3);
    const aliceAndBob = await startConversation(servers.a, alice, bob);
    const carolAndBob = await startConversation(servers.a, carol, bob);
    const { call: first } = await call(alice, aliceAndBob.id);
    const busy = await as(servers.a, carol)
      .post('/calls', { conversationId: carolAndBob.id, kind: 'audio' })
      .expect(409);
    expect(busy.body.error).toMatchObject({ code: 'busy', message: callMessages.busy });
    const inCall = await as(servers.a, bob)
      .post('/calls', { conversationId: carolAndBob.id, kind: 'audio' })
      .expect(409);
    expect(inCall.body.error.code).toBe('already-in-call');
    await as(servers.a, alice).post(`/calls/${first.id}/hang-up`).expect(200);
    const second = await as(servers.a, carol)
      .post('/calls', { conversationId: carolAndBob.id, kind: 'audio' })
      .expect(201);
    await as(servers.a, carol)
      .post(`/calls/${(second.body as JoinedCall).call.id}/hang-up`)
      .expect(200);
  });

  it('only members who may message each other can call', async () => {
    const [alice, bob, carol] = await signUpMembers(servers.a, 3);
    const conversation = await startConversation(servers.a, alice, bob);
    await as(servers.a, carol)
      .post('/calls', { conversationId: conversation.id, kind: 'audio' })
      .expect(404);
    await as(servers.a, bob).post('/friends/blocks', { userId: alice.id }).expect(201);
    const blocked = await as(servers.a, alice)
      .post('/calls', { conversationId: conversation.id, kind: 'audio' })
      .expect(403);
    expect(blocked.body.error.code).toBe('blocked');
    await as(servers.a, alice)
      .post('/calls', { conversationId: conversation.id, kind: 'phone' })
      .expect(400);
    await as(servers.a, alice).post('/calls/not-a-call/answer').expect(404);
  });

  it('a call nobody answers is missed: an entry in the thread and a notification for the callee', async () => {
    const [alice, bob] = await signUpMembers(servers.a, 2);
    const conversation = await startConversation(servers.a, alice, bob);
    const aliceSocket = await socketOf(servers.a, alice);
    const missed = updated(aliceSocket, 'ended');
    await call(alice, conversation.id, 'audio');
    expect((await missed).call.endReason).toBe('missed');
    expect((await thread(bob, conversation.id)).at(-1)).toMatchObject({
      content: 'Missed call',
      type: 'call',
      call: { outcome: 'missed' },
    });
    const notifications = await eventually(
      async () =>
        ((await as(servers.b, bob).get('/notifications').expect(200)).body as NotificationsPage)
          .notifications,
      (list) => list.length > 0,
      { attempts: 80, intervalMs: 50 },
    );
    expect(notifications[0]).toMatchObject({
      type: 'missed_call',
      title: expect.stringMatching(/^Missed call from /),
    });
    const open = await as(servers.a, bob).get('/calls').expect(200);
    expect(open.body.calls).toEqual([]);
  });

  it('a socket holding a call that goes away hangs it up', async () => {
    const [alice, bob] = await signUpMembers(servers.a, 2);
    const conversation = await startConversation(servers.a, alice, bob);
    const bobSocket = await socketOf(servers.b, bob);
    const aliceSocket = await connectAs(servers.a, alice);
    const { call: started } = await call(alice, conversation.id, 'audio');
    await as(servers.b, bob).post(`/calls/${started.id}/answer`).expect(200);
    aliceSocket.emit(SOCKET_EVENTS.callJoin, { callId: started.id });
    const ended = updated(bobSocket, 'ended');
    // The join is handled before the close: a signal after it round-trips through the server.
    const relayed = waitForEvent(bobSocket, SOCKET_EVENTS.callSignal);
    aliceSocket.emit(SOCKET_EVENTS.callSignal, {
      callId: started.id,
      signal: { type: 'offer', sdp: 'v=0' },
    });
    await relayed;
    aliceSocket.close();
    expect((await ended).call.endReason).toBe('completed');
  });
});

describe('rebuilding the read models', () => {
  it('reproduces calls and their entries in the threads from the log', async () => {
    const snapshot = () =>
      Promise.all([snapshotTable(db(), 'calls'), snapshotTable(db(), 'messages')]);
    const before = await snapshot();
    expect(before[0].length).toBeGreaterThan(3);
    await rebuild(db());
    expect(await snapshot()).toEqual(before);
  });
});
