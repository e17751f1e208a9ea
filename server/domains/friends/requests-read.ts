import type { FriendRequest, FriendRequests, Person } from '../../../shared/social';
import type { Db } from '../../db/schema';
import type { FriendRequestsTable } from '../../db/tables/friend-requests';
import { readPeople } from '../people/people-read';
import { friendshipStreamId } from './friendship-stream';

export function presentFriendRequest(
  row: FriendRequestsTable,
  fromUser: Person,
  toUser: Person,
): FriendRequest {
  return {
    id: row.id,
    fromUser,
    toUser,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    message: row.message,
    sandboxId: friendshipStreamId(row.from_user_id, row.to_user_id),
    securityLevel: 'standard',
  };
}

async function presentAll(
  db: Db,
  viewerId: string,
  rows: FriendRequestsTable[],
): Promise<FriendRequest[]> {
  const people = await readPeople(
    db,
    viewerId,
    rows.flatMap((row) => [row.from_user_id, row.to_user_id]),
  );
  return rows.flatMap((row) => {
    const from = people.get(row.from_user_id);
    const to = people.get(row.to_user_id);
    return from && to ? [presentFriendRequest(row, from, to)] : [];
  });
}

/** One request, as `viewerId` (one of its two members) sees it. */
export async function readFriendRequest(
  db: Db,
  viewerId: string,
  requestId: string,
): Promise<FriendRequest> {
  const row = await db
    .selectFrom('friend_requests')
    .selectAll()
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  const [request] = await presentAll(db, viewerId, [row]);
  if (!request) throw new Error(`friend request ${requestId} names an unknown member`);
  return request;
}

/** The caller's pending requests both ways, newest first. */
export async function readFriendRequests(db: Db, userId: string): Promise<FriendRequests> {
  const rows = await db
    .selectFrom('friend_requests')
    .selectAll()
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('to_user_id', '=', userId), eb('from_user_id', '=', userId)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const requests = await presentAll(db, userId, rows);
  return {
    incoming: requests.filter((request) => request.toUser.id === userId),
    outgoing: requests.filter((request) => request.fromUser.id === userId),
  };
}
