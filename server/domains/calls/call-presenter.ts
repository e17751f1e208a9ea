import type { Selectable } from 'kysely';
import type { Call } from '../../../shared/calls';
import type { CallsTable } from '../../db/tables/calls';

/** A call row with both parties' cards as others see them. */
export type CallRow = Selectable<CallsTable> & {
  caller_name: string;
  caller_avatar: string | null;
  callee_name: string;
  callee_avatar: string | null;
};

/** One presenter for REST answers and socket pushes alike. */
export function presentCall(row: CallRow): Call {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    kind: row.kind,
    state: row.state,
    endReason: row.end_reason,
    caller: { id: row.caller_id, displayName: row.caller_name, avatar: row.caller_avatar },
    callee: { id: row.callee_id, displayName: row.callee_name, avatar: row.callee_avatar },
    startedAt: row.started_at.toISOString(),
    answeredAt: row.answered_at?.toISOString() ?? null,
    endedAt: row.ended_at?.toISOString() ?? null,
    durationSeconds: row.duration_seconds,
    version: row.version,
  };
}
