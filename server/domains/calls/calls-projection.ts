import { sql } from 'kysely';
import type { CallEndReason } from '../../../shared/calls';
import type { EventType } from '../../../shared/events';
import { qb, statement, type Statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';
import { callThreadEntry } from './call-thread-entry';

const callEventTypes = [
  'CallStarted',
  'CallAnswered',
  'CallDeclined',
  'CallMissed',
  'CallEnded',
] as const satisfies readonly EventType[];

/** The events that end a call, with the reason each leaves. */
const CALL_END_REASONS = {
  CallDeclined: 'declined',
  CallMissed: 'missed',
  CallEnded: 'completed',
} as const satisfies Record<string, CallEndReason>;

function ended(
  callId: string,
  reason: CallEndReason,
  durationSeconds: number,
  at: Date,
): Statement {
  return statement(
    qb
      .updateTable('calls')
      .set({
        state: 'ended',
        end_reason: reason,
        ended_at: at,
        duration_seconds: durationSeconds,
        version: sql`version + 1`,
      })
      .where('id', '=', callId),
  );
}

/**
 * Each call's state (`calls`) and, once it is over, its entry in the thread. Times come from the
 * events, so a rebuild is identical.
 */
export const callsProjection: Projection = {
  name: 'calls',
  tables: ['calls'],
  handles: [...callEventTypes, 'AccountDeleted'],
  project(event) {
    switch (event.type) {
      case 'CallStarted': {
        const { callId, conversationId, callerId, calleeId, kind } = event.data;
        return [
          statement(
            qb.insertInto('calls').values({
              id: callId,
              conversation_id: conversationId,
              caller_id: callerId,
              callee_id: calleeId,
              kind,
              state: 'ringing',
              started_at: event.occurredAt,
            }),
          ),
        ];
      }
      case 'CallAnswered':
        return [
          statement(
            qb
              .updateTable('calls')
              .set({ state: 'accepted', answered_at: event.occurredAt, version: sql`version + 1` })
              .where('id', '=', event.data.callId),
          ),
        ];
      case 'CallDeclined':
      case 'CallMissed':
      case 'CallEnded': {
        const { callId, conversationId, callerId, kind } = event.data;
        const outcome = CALL_END_REASONS[event.type];
        const durationSeconds = event.type === 'CallEnded' ? event.data.durationSeconds : 0;
        return [
          ended(callId, outcome, durationSeconds, event.occurredAt),
          callThreadEntry({
            conversationId,
            callerId,
            entry: { callId, kind, outcome, durationSeconds },
            at: event.occurredAt,
          }),
        ];
      }
      case 'AccountDeleted': {
        const { userId } = event.data;
        return [
          statement(
            qb
              .deleteFrom('calls')
              .where((eb) => eb.or([eb('caller_id', '=', userId), eb('callee_id', '=', userId)])),
          ),
        ];
      }
      default:
        return [];
    }
  },
};
