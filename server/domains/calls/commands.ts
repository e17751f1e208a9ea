import { sql } from 'kysely';
import { callMessages, type CallKind, type CallState } from '../../../shared/calls';
import type { NewEvent } from '../../../shared/events';
import { MESSAGE_REFUSALS, socialMessages } from '../../../shared/social';
import { appendTo, defineCommand } from '../../core/command';
import { conflict, forbidden, notFound } from '../../core/errors';
import { lock, refuseUnless } from '../../core/guards';
import { first, rows, streamVersionSql } from '../../core/reads';
import { qb } from '../../db/statement';
import { blockedRefusal } from '../friends/commands';
import {
  directMessagesOffRefusal,
  memberState,
  privateProfileRefusal,
} from '../messaging/commands';
import { conversationStreamId, conversationStreamIdSql } from '../messaging/conversation-id';
import { uuidOrNone, callRead } from './call-read';

/** What every command on an existing call decides by, with its conversation stream's version. */
export interface CallFacts {
  id: string;
  conversation_id: string;
  caller_id: string;
  callee_id: string;
  kind: CallKind;
  state: CallState;
  started_at: Date;
  answered_at: Date | null;
  version: number;
}

function callFacts(callId: string) {
  return first(
    qb
      .selectFrom('calls as c')
      .select([
        'c.id',
        'c.conversation_id',
        'c.caller_id',
        'c.callee_id',
        'c.kind',
        'c.state',
        'c.started_at',
        'c.answered_at',
        streamVersionSql(conversationStreamIdSql(sql.ref('c.conversation_id'))).as('version'),
      ])
      .where('c.id', '=', uuidOrNone(callId)),
  );
}

/** Calls still open where any of the members is a party: a member is in one call at a time. */
const openCallOf = (members: readonly string[]) =>
  sql<boolean>`exists (select 1 from calls
    where state <> 'ended'
      and (caller_id = any(${members}::uuid[]) or callee_id = any(${members}::uuid[])))`;

const callNotFound = () => notFound(callMessages.callNotFound);
const callOver = () => conflict('call-over', callMessages.callOver);

/** The call as a party sees it; anyone else finds nothing there. */
function partyCall(call: CallFacts | undefined, userId: string): CallFacts {
  if (!call || (call.caller_id !== userId && call.callee_id !== userId)) throw callNotFound();
  return call;
}

const parties = (call: CallFacts) => ({
  callId: call.id,
  conversationId: call.conversation_id,
  callerId: call.caller_id,
  calleeId: call.callee_id,
  kind: call.kind,
});

/** Appends the call's events to its conversation's stream and reads the call back. */
function onConversation(call: CallFacts, events: NewEvent[]) {
  return {
    appends: [appendTo(conversationStreamId(call.conversation_id), call.version, events)],
    reply: callRead(call.id),
  };
}

/** Whole seconds from the answer to `now`, never below zero. */
export function durationOf(call: Pick<CallFacts, 'answered_at'>, now: Date): number {
  if (!call.answered_at) return 0;
  return Math.max(0, Math.floor((now.getTime() - call.answered_at.getTime()) / 1000));
}

/**
 * Rings the conversation's other member. Calling is messaging's right: a member may call whoever
 * they may write to now (the relations policy's rules, read as a message reads them). Neither
 * party may be in another call; both members' locks make two calls reaching one member at once
 * meet, and the second is refused busy.
 */
export const startCall = defineCommand({
  name: 'calls.start',
  load: ({
    userId,
    conversationId,
  }: {
    userId: string;
    conversationId: string;
    callId: string;
    kind: CallKind;
  }) => ({
    state: memberState(conversationId, userId),
    open: rows(
      qb
        .selectFrom('calls')
        .select(['id', 'caller_id', 'callee_id'])
        .where('state', '<>', 'ended')
        .where((eb) => {
          const contact = eb
            .selectFrom('conversation_members')
            .select('contact_id')
            .where('conversation_id', '=', uuidOrNone(conversationId))
            .where('user_id', '=', userId);
          return eb.or([
            eb('caller_id', '=', userId),
            eb('callee_id', '=', userId),
            eb('caller_id', 'in', contact),
            eb('callee_id', 'in', contact),
          ]);
        }),
    ),
  }),
  decide({ state, open }, { userId, conversationId, callId, kind }) {
    if (!state) throw notFound(socialMessages.conversationNotFound);
    if (state.blocked) throw blockedRefusal();
    if (state.private_profile) throw privateProfileRefusal();
    if (state.messages_off) throw directMessagesOffRefusal();
    if (!state.may_write) {
      throw forbidden('operation-not-permitted', MESSAGE_REFUSALS['operation-not-permitted']);
    }
    if (open.some((call) => call.caller_id === userId || call.callee_id === userId)) {
      throw conflict('already-in-call', callMessages.alreadyInCall);
    }
    if (open.length > 0) throw conflict('busy', callMessages.busy);
    const calleeId = state.contact_id;
    const members = [userId, calleeId].sort();
    return {
      guards: [
        ...members.map((id) => lock(`calls:${id}`)),
        refuseUnless(sql<boolean>`not ${openCallOf(members)}`, conflict('busy', callMessages.busy)),
      ],
      appends: [
        appendTo(conversationStreamId(conversationId), state.version, [
          {
            type: 'CallStarted',
            data: { callId, conversationId, callerId: userId, calleeId, kind },
          },
        ]),
      ],
      reply: callRead(callId),
    };
  },
});

/** The callee takes the call, on one of their devices; the others stop ringing. */
export const answerCall = defineCommand({
  name: 'calls.answer',
  load: ({ callId }: { userId: string; callId: string }) => ({ call: callFacts(callId) }),
  decide(state, { userId }) {
    const call = partyCall(state.call, userId);
    if (call.callee_id !== userId) throw forbidden('not-callee', callMessages.notCallee);
    if (call.state === 'accepted') {
      throw conflict('answered-elsewhere', callMessages.answeredElsewhere);
    }
    if (call.state === 'ended') throw callOver();
    return onConversation(call, [
      {
        type: 'CallAnswered',
        data: { callId: call.id, conversationId: call.conversation_id, calleeId: userId },
      },
    ]);
  },
});

/** The callee refuses a ringing call. */
export const declineCall = defineCommand({
  name: 'calls.decline',
  load: ({ callId }: { userId: string; callId: string }) => ({ call: callFacts(callId) }),
  decide(state, { userId }) {
    const call = partyCall(state.call, userId);
    if (call.callee_id !== userId) throw forbidden('not-callee', callMessages.notCallee);
    if (call.state !== 'ringing') throw callOver();
    return onConversation(call, [{ type: 'CallDeclined', data: parties(call) }]);
  },
});

/**
 * Either party ends the call. While it rings, the caller giving up leaves it missed and the
 * callee hanging up declines it; once answered it ends with its duration. A call already over
 * stays as it is (both sides may hang up at once, and a closing tab hangs up again).
 */
export const hangUpCall = defineCommand({
  name: 'calls.hangUp',
  load: ({ callId }: { userId: string; callId: string; now: Date }) => ({
    call: callFacts(callId),
  }),
  decide(state, { userId, now }): { reply: ReturnType<typeof callRead> } {
    const call = partyCall(state.call, userId);
    if (call.state === 'ended') return { reply: callRead(call.id) };
    if (call.state === 'ringing') {
      const type = userId === call.caller_id ? 'CallMissed' : 'CallDeclined';
      return onConversation(call, [{ type, data: parties(call) }]);
    }
    return onConversation(call, [
      {
        type: 'CallEnded',
        data: { ...parties(call), endedBy: userId, durationSeconds: durationOf(call, now) },
      },
    ]);
  },
});

/** A call that rang `timeoutMs` without an answer is missed; anything else is left alone. */
export const missCall = defineCommand({
  name: 'calls.miss',
  load: ({ callId }: { callId: string; now: Date; timeoutMs: number }) => ({
    call: callFacts(callId),
  }),
  decide({ call }, { now, timeoutMs }): { reply?: ReturnType<typeof callRead> } {
    if (!call || call.state !== 'ringing') return {};
    if (now.getTime() - call.started_at.getTime() < timeoutMs) return {};
    return onConversation(call, [{ type: 'CallMissed', data: parties(call) }]);
  },
});
