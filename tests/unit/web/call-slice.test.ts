import type { Call } from '../../../shared/calls';
import {
  callJoined,
  callLeft,
  callReducer,
  callUpdated,
  initialCallState,
  openCallsReceived,
  type CallSliceState,
} from '../../../web/features/calls/callSlice';

const ANA = '10000000-0000-4000-8000-000000000001';
const BEN = '10000000-0000-4000-8000-000000000002';

const call = (over: Partial<Call> = {}): Call => ({
  id: '20000000-0000-4000-8000-000000000001',
  conversationId: '30000000-0000-4000-8000-000000000001',
  kind: 'audio',
  state: 'ringing',
  endReason: null,
  caller: { id: ANA, displayName: 'Ana', avatar: null },
  callee: { id: BEN, displayName: 'Ben', avatar: null },
  startedAt: '2026-12-09T10:00:00.000Z',
  answeredAt: null,
  endedAt: null,
  durationSeconds: null,
  version: 1,
  ...over,
});

const pushed = (state: CallSliceState, value: Call, viewerId: string) =>
  callReducer(state, callUpdated({ call: value, viewerId }));

describe('the call slice', () => {
  it('rings on every device of the callee, and never on the caller’s other devices', () => {
    expect(pushed(initialCallState, call(), BEN)).toMatchObject({ call: call(), joined: false });
    expect(pushed(initialCallState, call(), ANA).call).toBeNull();
  });

  it('stops ringing once another device of the callee answered', () => {
    const ringing = pushed(initialCallState, call(), BEN);
    const answered = pushed(ringing, call({ state: 'accepted', version: 2 }), BEN);
    expect(answered).toMatchObject({ call: null, notice: null });
  });

  it('keeps the answering device in the call, and ignores an older version arriving late', () => {
    const joined = callReducer(
      initialCallState,
      callJoined({ call: call({ state: 'accepted', version: 2 }), iceServers: [] }),
    );
    expect(pushed(joined, call({ version: 1 }), BEN)).toEqual(joined);
    expect(pushed(joined, call({ state: 'accepted', version: 2 }), BEN).call?.state).toBe(
      'accepted',
    );
  });

  it('ends with what happened, in the words of each party', () => {
    const placed = callReducer(initialCallState, callJoined({ call: call(), iceServers: [] }));
    const declined = call({ state: 'ended', endReason: 'declined', version: 2 });
    expect(pushed(placed, declined, ANA)).toMatchObject({
      call: null,
      joined: false,
      notice: 'Ben declined the call',
    });
    const completed = call({
      state: 'ended',
      endReason: 'completed',
      durationSeconds: 151,
      version: 3,
    });
    expect(pushed(placed, completed, ANA).notice).toBe('Call ended · 2:31');
  });

  it('after a reconnect, drops a call the server no longer lists and rings one it does', () => {
    const placed = callReducer(initialCallState, callJoined({ call: call(), iceServers: [] }));
    expect(
      callReducer(placed, openCallsReceived({ calls: [], iceServers: [], viewerId: ANA })).call,
    ).toBeNull();
    const ringing = callReducer(
      initialCallState,
      openCallsReceived({ calls: [call()], iceServers: [{ urls: 'stun:x' }], viewerId: BEN }),
    );
    expect(ringing).toMatchObject({ call: call(), iceServers: [{ urls: 'stun:x' }] });
    expect(callReducer(ringing, callLeft(null)).call).toBeNull();
  });
});
