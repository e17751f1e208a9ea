import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../../shared/events';
import type { Db } from '../../server/db/schema';
import { append } from './model';

/**
 * Appends events straight to the log, projections and all, as the social commands would: for
 * tests of what the projections and pushers make of them.
 */
export async function appendToStream(db: Db, streamId: string, events: NewEvent[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('events')
      .select((eb) => eb.fn.max('stream_version').as('version'))
      .where('stream_id', '=', streamId)
      .executeTakeFirst();
    await append(trx, streamId, row?.version ?? 0, events);
  });
}

export function friendshipStream(a: string, b: string): string {
  return a < b ? `friendship-${a}-${b}` : `friendship-${b}-${a}`;
}

export async function sendRequest(
  db: Db,
  fromUserId: string,
  toUserId: string,
  message: string | null = null,
): Promise<string> {
  const requestId = randomUUID();
  await appendToStream(db, friendshipStream(fromUserId, toUserId), [
    { type: 'FriendRequestSent', data: { requestId, fromUserId, toUserId, message } },
  ]);
  return requestId;
}

export async function answerRequest(
  db: Db,
  type: 'FriendRequestAccepted' | 'FriendRequestRejected' | 'FriendRequestCancelled',
  request: { requestId: string; fromUserId: string; toUserId: string },
): Promise<void> {
  await appendToStream(db, friendshipStream(request.fromUserId, request.toUserId), [
    { type, data: request },
  ]);
}
