import { callEntryText, callMessages, formatCallDuration } from '../../shared/calls';
import { MESSAGE_REFUSALS, socialMessages } from '../../shared/social';
import {
  answerCall,
  declineCall,
  durationOf,
  hangUpCall,
  missCall,
  startCall,
  type CallFacts,
} from '../../server/domains/calls/commands';
import { conversationIdFor } from '../../server/domains/messaging/conversation-id';
import { ANA, BEN, CAT, by, decide, refusal, refusedAs, type StateOf } from './support/decide';

const CONVERSATION = conversationIdFor(ANA, BEN);
const STREAM = `conversation-${CONVERSATION}`;
const CALL = '20000000-0000-4000-8000-000000000001';
const STARTED = new Date('2026-12-09T10:00:00Z');
const ANSWERED = new Date('2026-12-09T10:00:05Z');

type MemberState = NonNullable<StateOf<typeof startCall>['state']>;
const anaSide = (over: Partial<MemberState> = {}): MemberState => ({
  contact_id: BEN,
  delivered_seq: 0,
  read_seq: 0,
  is_pinned: false,
  is_starred: false,
  is_archived: false,
  message_count: 3,
  version: 4,
  blocked: false,
  may_write: true,
  private_profile: false,
  messages_off: false,
  ...over,
});

const starting = {
  userId: ANA,
  conversationId: CONVERSATION,
  callId: CALL,
  kind: 'audio' as const,
};

/** Ana's call to Ben, as every command on a call reads it. */
const call = (over: Partial<CallFacts> = {}): { call: CallFacts } => ({
  call: {
    id: CALL,
    conversation_id: CONVERSATION,
    caller_id: ANA,
    callee_id: BEN,
    kind: 'video',
    state: 'ringing',
    started_at: STARTED,
    answered_at: null,
    version: 5,
    ...over,
  },
});

const parties = {
  callId: CALL,
  conversationId: CONVERSATION,
  callerId: ANA,
  calleeId: BEN,
  kind: 'video',
};

const notFound = refusedAs.notFound(callMessages.callNotFound);
const over = refusedAs.conflict('call-over', callMessages.callOver);

describe('starting a call', () => {
  it('rings the other member: CallStarted on the conversation, under both members’ locks', async () => {
    const decision = await decide(startCall, { state: anaSide(), open: [] }, starting, by(ANA));
    expect(decision).toMatchObject({
      appends: [{ streamId: STREAM, expectedVersion: 4, types: ['CallStarted'] }],
      // Each member's lock in id order, then "nobody is in a call" checked under them.
      guards: 3,
      reply: true,
    });
    expect(decision.events).toEqual([
      {
        type: 'CallStarted',
        data: {
          callId: CALL,
          conversationId: CONVERSATION,
          callerId: ANA,
          calleeId: BEN,
          kind: 'audio',
        },
      },
    ]);
  });

  it('refuses whoever may not message the other member, with messaging’s refusal', async () => {
    const cases: [Partial<MemberState>, ReturnType<typeof refusedAs.forbidden>][] = [
      [{ blocked: true }, refusedAs.forbidden('blocked', socialMessages.blocked)],
      [
        { private_profile: true },
        refusedAs.forbidden('private-profile', MESSAGE_REFUSALS['private-profile']),
      ],
      [
        { messages_off: true },
        refusedAs.forbidden('direct-messages-off', MESSAGE_REFUSALS['direct-messages-off']),
      ],
      [
        { may_write: false },
        refusedAs.forbidden('operation-not-permitted', MESSAGE_REFUSALS['operation-not-permitted']),
      ],
    ];
    for (const [given, expected] of cases) {
      expect(await refusal(startCall, { state: anaSide(given), open: [] }, starting)).toEqual(
        expected,
      );
    }
  });

  it('refuses a conversation the member is not in as not found', async () => {
    expect(await refusal(startCall, { state: undefined, open: [] }, starting)).toEqual(
      refusedAs.notFound(socialMessages.conversationNotFound),
    );
  });

  it('answers busy when the callee is in another call', async () => {
    const open = [{ id: 'other', caller_id: CAT, callee_id: BEN }];
    expect(await refusal(startCall, { state: anaSide(), open }, starting)).toEqual(
      refusedAs.conflict('busy', callMessages.busy),
    );
  });

  it('refuses a caller who is already in a call', async () => {
    const open = [{ id: 'other', caller_id: CAT, callee_id: ANA }];
    expect(await refusal(startCall, { state: anaSide(), open }, starting)).toEqual(
      refusedAs.conflict('already-in-call', callMessages.alreadyInCall),
    );
  });
});

describe('answering and declining', () => {
  it('the callee answers a ringing call: CallAnswered at the conversation’s version', async () => {
    const decision = await decide(answerCall, call(), { userId: BEN, callId: CALL });
    expect(decision).toMatchObject({
      appends: [{ streamId: STREAM, expectedVersion: 5, types: ['CallAnswered'] }],
      reply: true,
    });
    expect(decision.events[0]!.data).toEqual({
      callId: CALL,
      conversationId: CONVERSATION,
      calleeId: BEN,
    });
  });

  it('refuses the caller answering their own call, and anyone else as not found', async () => {
    expect(await refusal(answerCall, call(), { userId: ANA, callId: CALL })).toEqual(
      refusedAs.forbidden('not-callee', callMessages.notCallee),
    );
    expect(await refusal(answerCall, call(), { userId: CAT, callId: CALL })).toEqual(notFound);
    expect(await refusal(answerCall, { call: undefined }, { userId: BEN, callId: CALL })).toEqual(
      notFound,
    );
  });

  it('refuses a second device answering, and a call that is over', async () => {
    expect(
      await refusal(answerCall, call({ state: 'accepted' }), { userId: BEN, callId: CALL }),
    ).toEqual(refusedAs.conflict('answered-elsewhere', callMessages.answeredElsewhere));
    expect(
      await refusal(answerCall, call({ state: 'ended' }), { userId: BEN, callId: CALL }),
    ).toEqual(over);
  });

  it('the callee declines a ringing call: CallDeclined with the parties and kind', async () => {
    const decision = await decide(declineCall, call(), { userId: BEN, callId: CALL });
    expect(decision.events).toEqual([{ type: 'CallDeclined', data: parties }]);
  });

  it('refuses declining a call that was answered or is over', async () => {
    for (const state of ['accepted', 'ended'] as const) {
      expect(await refusal(declineCall, call({ state }), { userId: BEN, callId: CALL })).toEqual(
        over,
      );
    }
  });
});

describe('hanging up', () => {
  const now = new Date('2026-12-09T10:02:36.900Z');

  it('ends an answered call with its whole seconds since the answer', async () => {
    const decision = await decide(hangUpCall, call({ state: 'accepted', answered_at: ANSWERED }), {
      userId: BEN,
      callId: CALL,
      now,
    });
    expect(decision.events).toEqual([
      { type: 'CallEnded', data: { ...parties, endedBy: BEN, durationSeconds: 151 } },
    ]);
  });

  it('while it rings: the caller giving up leaves it missed, the callee declines it', async () => {
    const byCaller = await decide(hangUpCall, call(), { userId: ANA, callId: CALL, now });
    expect(byCaller.events).toEqual([{ type: 'CallMissed', data: parties }]);
    const byCallee = await decide(hangUpCall, call(), { userId: BEN, callId: CALL, now });
    expect(byCallee.events).toEqual([{ type: 'CallDeclined', data: parties }]);
  });

  it('leaves a call that is over as it is, answering it again', async () => {
    const decision = await decide(hangUpCall, call({ state: 'ended' }), {
      userId: ANA,
      callId: CALL,
      now,
    });
    expect(decision).toMatchObject({ appends: [], reply: true });
  });

  it('refuses whoever is not a party as not found', async () => {
    expect(await refusal(hangUpCall, call(), { userId: CAT, callId: CALL, now })).toEqual(notFound);
  });

  it('never counts a negative duration, nor one before an answer', () => {
    expect(durationOf({ answered_at: ANSWERED }, new Date(ANSWERED.getTime() - 500))).toBe(0);
    expect(durationOf({ answered_at: null }, now)).toBe(0);
  });
});

describe('the ring timeout', () => {
  const timeoutMs = 30_000;

  it('misses a call that rang for the whole timeout', async () => {
    const decision = await decide(missCall, call(), {
      callId: CALL,
      now: new Date(STARTED.getTime() + timeoutMs),
      timeoutMs,
    });
    expect(decision.events).toEqual([{ type: 'CallMissed', data: parties }]);
  });

  it('leaves a call still within its time, answered, over or gone', async () => {
    const early = new Date(STARTED.getTime() + timeoutMs - 1);
    const late = new Date(STARTED.getTime() + timeoutMs);
    for (const [given, now] of [
      [call(), early],
      [call({ state: 'accepted' }), late],
      [call({ state: 'ended' }), late],
      [{ call: undefined }, late],
    ] as const) {
      const decision = await decide(missCall, given, { callId: CALL, now, timeoutMs });
      expect(decision.appends).toEqual([]);
    }
  });
});

describe('how a call reads in the thread', () => {
  it('says missed, declined, or the kind and duration', () => {
    expect(callEntryText({ kind: 'audio', outcome: 'missed', durationSeconds: 0 })).toBe(
      'Missed call',
    );
    expect(callEntryText({ kind: 'video', outcome: 'declined', durationSeconds: 0 })).toBe(
      'Call declined',
    );
    expect(callEntryText({ kind: 'audio', outcome: 'completed', durationSeconds: 151 })).toBe(
      'Voice call · 2:31',
    );
    expect(callEntryText({ kind: 'video', outcome: 'completed', durationSeconds: 3725 })).toBe(
      'Video call · 1:02:05',
    );
    expect(formatCallDuration(7)).toBe('0:07');
  });
});
