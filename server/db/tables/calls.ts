import type { ColumnType, Generated } from 'kysely';
import type { CallEndReason, CallEntry, CallKind, CallState } from '../../../shared/calls';

export interface CallsTable {
  id: string;
  conversation_id: string;
  caller_id: string;
  callee_id: string;
  kind: CallKind;
  state: CallState;
  end_reason: CallEndReason | null;
  started_at: Date;
  answered_at: Date | null;
  ended_at: Date | null;
  duration_seconds: number | null;
  version: Generated<number>;
}

/** The `call` column of messages: the entry a call left in the thread. */
export type CallEntryColumn = ColumnType<
  CallEntry | null,
  string | null | undefined,
  string | null
>;
