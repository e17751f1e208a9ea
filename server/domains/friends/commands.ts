import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { NewEvent } from '../../../shared/events';
import {
  FRIEND_PERMISSIONS,
  FRIEND_REQUESTS_PER_DAY,
  socialMessages,
  type FriendPermission,
} from '../../../shared/social';
import { profileMessages } from '../../../shared/profiles/messages';
import { appendTo, defineCommand } from '../../core/command';
import { conflict, forbidden, invalid, limitExceeded, notFound } from '../../core/errors';
import { lock, refuseUnless } from '../../core/guards';
import { first, rows, streamVersion, value } from '../../core/reads';
import { qb } from '../../db/statement';
import { friendRequestAcceptedTemplate, friendRequestTemplate } from '../email/templates';
import { notificationEmail, notificationEmailRead } from '../notifications/notification-emails';
import {
  areFriends,
  blockedEitherWay,
  friendRequestsAllowed,
  friendshipEndableBy,
  member,
} from '../relations/relations-policy';
import { friendshipStreamId, friendshipStreamIdSql } from './friendship-stream';

const requestNotFound = () => notFound(socialMessages.requestNotFound);
const friendNotFound = () => notFound(socialMessages.friendNotFound);
/** The one refusal for any interaction across a block, in every domain. */
export const blockedRefusal = () => forbidden('blocked', socialMessages.blocked);

function pendingBetween(a: string, b: string) {
  return qb
    .selectFrom('friend_requests')
    .select(['id', 'from_user_id', 'to_user_id'])
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb.and([eb('from_user_id', '=', a), eb('to_user_id', '=', b)]),
        eb.and([eb('from_user_id', '=', b), eb('to_user_id', '=', a)]),
      ]),
    );
}

function requestData(request: { id: string; from_user_id: string; to_user_id: string }) {
  return { requestId: request.id, fromUserId: request.from_user_id, toUserId: request.to_user_id };
}

/** Everything between two members is one stream: its version is read with the rules. */
const relationReads = (a: string, b: string) => ({
  version: streamVersion(friendshipStreamId(a, b)),
  friends: value(areFriends(member(a), member(b))),
});

export interface FriendsConfig {
  publicUrl: string;
}

/**
 * The friend commands of one configuration (links in emails name the public URL). Each reads the
 * pair's stream version with the rules, so whatever commits in between makes the append conflict
 * and the command decide again on fresh state.
 */
export function friendsCommands({ publicUrl }: FriendsConfig) {
  const sendRequest = defineCommand({
    name: 'friends.sendRequest',
    load: ({ senderId, toUserId }: { senderId: string; toUserId: string; message?: string }) => ({
      ...relationReads(senderId, toUserId),
      recipient: first(qb.selectFrom('users').select('status').where('id', '=', toUserId)),
      blocked: value(blockedEitherWay(member(senderId), member(toUserId))),
      requestsOff: value(sql<boolean>`not ${friendRequestsAllowed(member(toUserId))}`),
      pending: rows(pendingBetween(senderId, toUserId)),
      email: notificationEmailRead(
        member(toUserId),
        member(senderId),
        'friend_request_received',
        friendRequestTemplate.name,
      ),
    }),
    decide(state, { senderId, toUserId, message }) {
      if (toUserId === senderId) throw invalid('request-to-self', socialMessages.requestToSelf);
      if (state.recipient?.status !== 'active') throw notFound(socialMessages.userNotFound);
      if (state.blocked) throw blockedRefusal();
      if (state.requestsOff) {
        throw forbidden('friend-requests-off', profileMessages.friendRequestsOff);
      }
      if (state.friends) throw conflict('already-friends', socialMessages.alreadyFriends);
      if (state.pending.length > 0)
        throw conflict('request-pending', socialMessages.requestPending);
      const requestId = randomUUID();
      return {
        // The daily limit spans every pair of the sender: counted under their lock, at commit.
        guards: [
          lock(`friend-requests:${senderId}`),
          refuseUnless(
            sql<boolean>`(select count(*) from friend_requests
              where from_user_id = ${senderId}::uuid
                and created_at > now() - interval '24 hours') < ${FRIEND_REQUESTS_PER_DAY}`,
            limitExceeded('request-limit-exceeded', socialMessages.requestLimitExceeded),
          ),
        ],
        appends: [
          appendTo(friendshipStreamId(senderId, toUserId), state.version, [
            {
              type: 'FriendRequestSent',
              data: { requestId, fromUserId: senderId, toUserId, message: message ?? null },
            },
          ]),
        ],
        effects: notificationEmail(state.email, {
          actorId: senderId,
          actorVariable: 'senderName',
          publicUrl,
        }),
        result: requestId,
      };
    },
  });

  const EVENT_TYPE = {
    accept: 'FriendRequestAccepted',
    reject: 'FriendRequestRejected',
    cancel: 'FriendRequestCancelled',
  } as const;
  /** Who may act on a request: its recipient answers it, its sender withdraws it. */
  const ACTOR_SIDE = {
    accept: 'to_user_id',
    reject: 'to_user_id',
    cancel: 'from_user_id',
  } as const;

  /**
   * Accepts, rejects or cancels a pending request. Anyone but the member entitled to the action is
   * told the request does not exist. The pair comes from the request itself, so the reads name
   * its members by subquery and still go in one round trip.
   */
  const actOnRequest = defineCommand({
    name: 'friends.actOnRequest',
    load: ({
      requestId,
    }: {
      actorId: string;
      requestId: string;
      action: keyof typeof EVENT_TYPE;
    }) => {
      const side = (column: 'from_user_id' | 'to_user_id'): RawBuilder<unknown> =>
        sql`(select ${sql.ref(column)} from friend_requests where id = ${requestId}::uuid)`;
      const from = side('from_user_id');
      const to = side('to_user_id');
      return {
        request: first(qb.selectFrom('friend_requests').selectAll().where('id', '=', requestId)),
        version: streamVersion(friendshipStreamIdSql(from, to)),
        blocked: value(blockedEitherWay(from, to)),
        email: notificationEmailRead(
          from,
          to,
          'friend_request_accepted',
          friendRequestAcceptedTemplate.name,
        ),
      };
    },
    decide(state, { actorId, action }) {
      const request = state.request;
      if (!request || request[ACTOR_SIDE[action]] !== actorId) throw requestNotFound();
      if (request.status !== 'pending') {
        throw conflict('request-not-pending', socialMessages.requestNotPending);
      }
      if (action === 'accept' && state.blocked) throw blockedRefusal();
      return {
        appends: [
          appendTo(friendshipStreamId(request.from_user_id, request.to_user_id), state.version, [
            { type: EVENT_TYPE[action], data: requestData(request) },
          ]),
        ],
        effects:
          action === 'accept'
            ? notificationEmail(state.email, {
                actorId,
                actorVariable: 'accepterName',
                publicUrl,
              })
            : [],
        result: request,
      };
    },
  });

  return { sendRequest, actOnRequest };
}

/** Ends a friendship, unless the friend took `delete` away from the member. */
export const removeFriend = defineCommand({
  name: 'friends.remove',
  load: ({ userId, friendId }: { userId: string; friendId: string }) => ({
    ...relationReads(userId, friendId),
    mayEnd: value(friendshipEndableBy(member(friendId), member(userId))),
  }),
  decide({ version, friends, mayEnd }, { userId, friendId }) {
    if (!friends) throw friendNotFound();
    if (!mayEnd) {
      throw forbidden('operation-not-permitted', socialMessages.operationNotPermitted('delete'));
    }
    return {
      appends: [
        appendTo(friendshipStreamId(userId, friendId), version, [
          { type: 'FriendRemoved', data: { userId, friendId } },
        ]),
      ],
    };
  },
});

/**
 * Refuses any name outside the four operations, with the sandbox's own text, and a name given
 * twice: a list that says one thing twice is a client's mistake, not a set to tidy up.
 */
export function parsePermissions(names: readonly string[]): FriendPermission[] {
  const refused = names.find((name) => !(FRIEND_PERMISSIONS as readonly string[]).includes(name));
  if (refused !== undefined) {
    throw invalid('operation-not-permitted', socialMessages.operationNotPermitted(refused));
  }
  if (new Set(names).size !== names.length) {
    const message = socialMessages.permissionRepeated;
    throw invalid('validation', message, { permissions: message });
  }
  return FRIEND_PERMISSIONS.filter((permission) => names.includes(permission));
}

/** Sets what `friendId` may do with respect to `userId`. */
export const setFriendPermissions = defineCommand({
  name: 'friends.setPermissions',
  load: ({ userId, friendId }: { userId: string; friendId: string; permissions: string[] }) => ({
    version: streamVersion(friendshipStreamId(userId, friendId)),
    side: first(
      qb
        .selectFrom('friendships')
        .select('permissions')
        .where('user_id', '=', userId)
        .where('friend_id', '=', friendId),
    ),
  }),
  decide({ version, side }, input) {
    const permissions = parsePermissions(input.permissions);
    if (!side) throw friendNotFound();
    if (side.permissions.join() === permissions.join()) return {};
    const { userId, friendId } = input;
    return {
      appends: [
        appendTo(friendshipStreamId(userId, friendId), version, [
          { type: 'FriendPermissionsChanged', data: { userId, friendId, permissions } },
        ]),
      ],
    };
  },
});

/**
 * Blocks a member: the friendship ends and pending requests between the two are cancelled by
 * events of their own before the block, so every read model and notification sees why.
 */
export const blockMember = defineCommand({
  name: 'friends.block',
  load: ({ userId, blockedUserId }: { userId: string; blockedUserId: string }) => ({
    ...relationReads(userId, blockedUserId),
    target: first(qb.selectFrom('users').select('id').where('id', '=', blockedUserId)),
    already: first(
      qb
        .selectFrom('blocks')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('blocked_user_id', '=', blockedUserId),
    ),
    pending: rows(pendingBetween(userId, blockedUserId)),
  }),
  decide(state, { userId, blockedUserId }) {
    if (blockedUserId === userId) throw invalid('block-self', 'You cannot block yourself.');
    if (!state.target) throw notFound(socialMessages.userNotFound);
    if (state.already) return {};
    const events: NewEvent[] = [];
    if (state.friends) {
      events.push({ type: 'FriendRemoved', data: { userId, friendId: blockedUserId } });
    }
    for (const request of state.pending) {
      events.push({ type: 'FriendRequestCancelled', data: requestData(request) });
    }
    events.push({ type: 'MemberBlocked', data: { userId, blockedUserId } });
    return {
      appends: [appendTo(friendshipStreamId(userId, blockedUserId), state.version, events)],
    };
  },
});

/** Lifting a block that does not exist changes nothing. */
export const unblockMember = defineCommand({
  name: 'friends.unblock',
  load: ({ userId, blockedUserId }: { userId: string; blockedUserId: string }) => ({
    version: streamVersion(friendshipStreamId(userId, blockedUserId)),
    block: first(
      qb
        .selectFrom('blocks')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('blocked_user_id', '=', blockedUserId),
    ),
  }),
  decide({ version, block }, { userId, blockedUserId }) {
    if (!block) return {};
    return {
      appends: [
        appendTo(friendshipStreamId(userId, blockedUserId), version, [
          { type: 'MemberUnblocked', data: { userId, blockedUserId } },
        ]),
      ],
    };
  },
});
