import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { NewEvent } from '../../../shared/events';
import {
  FRIEND_PERMISSIONS,
  FRIEND_REQUESTS_PER_DAY,
  socialMessages,
  type FriendPermission,
} from '../../../shared/social';
import type { Db, Trx } from '../../db/schema';
import type { FriendRequestsTable } from '../../db/tables/friend-requests';
import { append } from '../../eventstore/append';
import { HttpError, notFound } from '../../http/errors';
import {
  queueFriendAcceptedEmail,
  queueFriendRequestEmail,
} from '../notifications/notification-emails';
import { streamVersion } from '../../eventstore/read';
import { blockedEitherWay } from './blocks-read';
import { friendshipStreamId } from './friendship-stream';

export interface FriendsContext {
  db: Db;
  publicUrl: string;
  requestId?: string;
}

// The first key of the two-key advisory lock that serialises one sender's requests.
const REQUEST_LIMIT_LOCK = 7_204_114;
const DAY = sql.lit('24 hours');

const requestNotFound = () => notFound(socialMessages.requestNotFound);
const friendNotFound = () => notFound(socialMessages.friendNotFound);
const blockedError = () => new HttpError(403, 'blocked', socialMessages.blocked);

/**
 * One command on the stream between two members: the stream's version is read before any read
 * model, so whatever commits after that makes the append conflict rather than act on stale rules.
 */
async function onRelation<T>(
  ctx: FriendsContext,
  actorId: string,
  otherId: string,
  decide: (trx: Trx, commit: (events: NewEvent[]) => Promise<void>) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    const streamId = friendshipStreamId(actorId, otherId);
    const version = await streamVersion(trx, streamId);
    return decide(trx, async (events) => {
      await append(trx, streamId, version, events, { actorId, requestId: ctx.requestId });
    });
  });
}

async function isActiveMember(trx: Trx, userId: string): Promise<boolean> {
  const user = await trx
    .selectFrom('users')
    .select('status')
    .where('id', '=', userId)
    .executeTakeFirst();
  return user?.status === 'active';
}

async function areFriends(trx: Trx, a: string, b: string): Promise<boolean> {
  const row = await trx
    .selectFrom('friendships')
    .select('user_id')
    .where('user_id', '=', a)
    .where('friend_id', '=', b)
    .executeTakeFirst();
  return row !== undefined;
}

function pendingBetween(trx: Trx, a: string, b: string) {
  return trx
    .selectFrom('friend_requests')
    .selectAll()
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb.and([eb('from_user_id', '=', a), eb('to_user_id', '=', b)]),
        eb.and([eb('from_user_id', '=', b), eb('to_user_id', '=', a)]),
      ]),
    )
    .execute();
}

function requestData(request: Pick<FriendRequestsTable, 'id' | 'from_user_id' | 'to_user_id'>) {
  return { requestId: request.id, fromUserId: request.from_user_id, toUserId: request.to_user_id };
}

/** Counted under a lock on the sender, so parallel requests cannot slip past the daily limit. */
async function assertUnderDailyLimit(trx: Trx, senderId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${REQUEST_LIMIT_LOCK}, hashtext(${senderId}))`.execute(
    trx,
  );
  const { rows } = await sql<{ sent: number }>`
    select count(*)::int as sent from friend_requests
    where from_user_id = ${senderId} and created_at > now() - ${DAY}::interval`.execute(trx);
  if ((rows[0]?.sent ?? 0) >= FRIEND_REQUESTS_PER_DAY) {
    throw new HttpError(429, 'request-limit-exceeded', socialMessages.requestLimitExceeded);
  }
}

/** Returns the new request's id. */
export async function sendFriendRequest(
  ctx: FriendsContext,
  senderId: string,
  input: { toUserId: string; message?: string | undefined },
): Promise<string> {
  const { toUserId } = input;
  if (toUserId === senderId) {
    throw new HttpError(400, 'request-to-self', socialMessages.requestToSelf);
  }
  return onRelation(ctx, senderId, toUserId, async (trx, commit) => {
    if (!(await isActiveMember(trx, toUserId))) throw notFound(socialMessages.userNotFound);
    if (await blockedEitherWay(trx, senderId, toUserId)) throw blockedError();
    if (await areFriends(trx, senderId, toUserId)) {
      throw new HttpError(409, 'already-friends', socialMessages.alreadyFriends);
    }
    if ((await pendingBetween(trx, senderId, toUserId)).length > 0) {
      throw new HttpError(409, 'request-pending', socialMessages.requestPending);
    }
    await assertUnderDailyLimit(trx, senderId);
    const requestId = randomUUID();
    await commit([
      {
        type: 'FriendRequestSent',
        data: { requestId, fromUserId: senderId, toUserId, message: input.message ?? null },
      },
    ]);
    await queueFriendRequestEmail(trx, {
      recipientId: toUserId,
      senderId,
      publicUrl: ctx.publicUrl,
    });
    return requestId;
  });
}

type RequestAction = 'accept' | 'reject' | 'cancel';

/** Who may act on a request: its recipient answers it, its sender withdraws it. */
const ACTOR_SIDE: Record<RequestAction, 'to_user_id' | 'from_user_id'> = {
  accept: 'to_user_id',
  reject: 'to_user_id',
  cancel: 'from_user_id',
};

const EVENT_TYPE = {
  accept: 'FriendRequestAccepted',
  reject: 'FriendRequestRejected',
  cancel: 'FriendRequestCancelled',
} as const;

/**
 * Accepts, rejects or cancels a pending request. Anyone but the member entitled to the action
 * is told the request does not exist. Returns the request.
 */
export async function actOnFriendRequest(
  ctx: FriendsContext,
  actorId: string,
  requestId: string,
  action: RequestAction,
): Promise<FriendRequestsTable> {
  const findRequest = (db: Db) =>
    db.selectFrom('friend_requests').selectAll().where('id', '=', requestId).executeTakeFirst();
  const seen = await findRequest(ctx.db);
  if (!seen || seen[ACTOR_SIDE[action]] !== actorId) throw requestNotFound();
  const otherId = seen.from_user_id === actorId ? seen.to_user_id : seen.from_user_id;
  return onRelation(ctx, actorId, otherId, async (trx, commit) => {
    const request = (await findRequest(trx))!;
    if (request.status !== 'pending') {
      throw new HttpError(409, 'request-not-pending', socialMessages.requestNotPending);
    }
    if (action === 'accept' && (await blockedEitherWay(trx, actorId, otherId))) {
      throw blockedError();
    }
    await commit([{ type: EVENT_TYPE[action], data: requestData(request) }]);
    if (action === 'accept') {
      await queueFriendAcceptedEmail(trx, {
        recipientId: request.from_user_id,
        accepterId: actorId,
        publicUrl: ctx.publicUrl,
      });
    }
    return request;
  });
}

export async function removeFriend(
  ctx: FriendsContext,
  userId: string,
  friendId: string,
): Promise<void> {
  await onRelation(ctx, userId, friendId, async (trx, commit) => {
    if (!(await areFriends(trx, userId, friendId))) throw friendNotFound();
    await commit([{ type: 'FriendRemoved', data: { userId, friendId } }]);
  });
}

/** Refuses any name outside the four operations, with the sandbox's own text. */
export function parsePermissions(names: string[]): FriendPermission[] {
  const refused = names.find((name) => !(FRIEND_PERMISSIONS as readonly string[]).includes(name));
  if (refused !== undefined) {
    throw new HttpError(
      400,
      'operation-not-permitted',
      socialMessages.operationNotPermitted(refused),
    );
  }
  return FRIEND_PERMISSIONS.filter((permission) => names.includes(permission));
}

/** Sets what `friendId` may do with respect to `userId`. */
export async function setFriendPermissions(
  ctx: FriendsContext,
  userId: string,
  friendId: string,
  names: string[],
): Promise<void> {
  const permissions = parsePermissions(names);
  await onRelation(ctx, userId, friendId, async (trx, commit) => {
    const side = await trx
      .selectFrom('friendships')
      .select('permissions')
      .where('user_id', '=', userId)
      .where('friend_id', '=', friendId)
      .executeTakeFirst();
    if (!side) throw friendNotFound();
    if (side.permissions.join() === permissions.join()) return;
    await commit([{ type: 'FriendPermissionsChanged', data: { userId, friendId, permissions } }]);
  });
}

/**
 * Blocks a member: the friendship ends and pending requests between the two are cancelled by
 * events of their own before the block, so every read model and notification sees why.
 */
export async function blockMember(
  ctx: FriendsContext,
  userId: string,
  blockedUserId: string,
): Promise<void> {
  if (blockedUserId === userId) {
    throw new HttpError(400, 'block-self', 'You cannot block yourself.');
  }
  await onRelation(ctx, userId, blockedUserId, async (trx, commit) => {
    const target = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', blockedUserId)
      .executeTakeFirst();
    if (!target) throw notFound(socialMessages.userNotFound);
    const already = await trx
      .selectFrom('blocks')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('blocked_user_id', '=', blockedUserId)
      .executeTakeFirst();
    if (already) return;
    const events: NewEvent[] = [];
    if (await areFriends(trx, userId, blockedUserId)) {
      events.push({ type: 'FriendRemoved', data: { userId, friendId: blockedUserId } });
    }
    for (const request of await pendingBetween(trx, userId, blockedUserId)) {
      events.push({ type: 'FriendRequestCancelled', data: requestData(request) });
    }
    events.push({ type: 'MemberBlocked', data: { userId, blockedUserId } });
    await commit(events);
  });
}

/** Lifting a block that does not exist changes nothing. */
export async function unblockMember(
  ctx: FriendsContext,
  userId: string,
  blockedUserId: string,
): Promise<void> {
  await onRelation(ctx, userId, blockedUserId, async (trx, commit) => {
    const block = await trx
      .selectFrom('blocks')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('blocked_user_id', '=', blockedUserId)
      .executeTakeFirst();
    if (block) await commit([{ type: 'MemberUnblocked', data: { userId, blockedUserId } }]);
  });
}
