import type { Call } from '../../../shared/calls';
import { first, mapRead, type Read } from '../../core/reads';
import type { Db } from '../../db/schema';
import { qb } from '../../db/statement';
import { isUuid } from '../messaging/conversation-id';
import { presentCall, type CallRow } from './call-presenter';

/** A path id that is not a UUID names nothing; Postgres would refuse it as a uuid. */
const NO_ID = '00000000-0000-0000-0000-000000000000';
export const uuidOrNone = (id: string) => (isUuid(id) ? id : NO_ID);

/** Calls with both parties' names and avatars, for any query builder (a pool's or `qb`). */
const callRows = (db: Db) =>
  db
    .selectFrom('calls as c')
    .innerJoin('users as a', 'a.id', 'c.caller_id')
    .innerJoin('users as b', 'b.id', 'c.callee_id')
    .selectAll('c')
    .select([
      'a.display_name as caller_name',
      'a.avatar as caller_avatar',
      'b.display_name as callee_name',
      'b.avatar as callee_avatar',
    ]);

/** The call as its parties see it, read in a command's write (its reply). */
export function callRead(callId: string): Read<Call | null> {
  return mapRead(first(callRows(qb).where('c.id', '=', callId)), (row) =>
    row ? presentCall(row as CallRow) : null,
  );
}

export async function readCallsByIds(db: Db, ids: string[]): Promise<Map<string, Call>> {
  if (ids.length === 0) return new Map();
  const rows = await callRows(db).where('c.id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, presentCall(row as CallRow)]));
}

/** The calls ringing or under way that the member is a party to, newest first. */
export async function readOpenCallsOf(db: Db, userId: string): Promise<Call[]> {
  const rows = await callRows(db)
    .where('c.state', '<>', 'ended')
    .where((eb) => eb.or([eb('c.caller_id', '=', userId), eb('c.callee_id', '=', userId)]))
    .orderBy('c.started_at', 'desc')
    .execute();
  return rows.map((row) => presentCall(row as CallRow));
}

/** Who the parties of a call are and whether it is still open: what relaying a signal needs. */
export async function readCallParties(
  db: Db,
  callId: string,
): Promise<{ callerId: string; calleeId: string; open: boolean } | null> {
  const row = await db
    .selectFrom('calls')
    .select(['caller_id', 'callee_id', 'state'])
    .where('id', '=', uuidOrNone(callId))
    .executeTakeFirst();
  return row
    ? { callerId: row.caller_id, calleeId: row.callee_id, open: row.state !== 'ended' }
    : null;
}

/** Calls that rang longer than `timeoutMs`: the ring timeout ends them as missed. */
export async function readOverdueRinging(db: Db, timeoutMs: number): Promise<string[]> {
  const rows = await db
    .selectFrom('calls')
    .select('id')
    .where('state', '=', 'ringing')
    .where('started_at', '<=', new Date(Date.now() - timeoutMs))
    .limit(100)
    .execute();
  return rows.map((row) => row.id);
}
