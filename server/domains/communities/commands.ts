import { sql } from 'kysely';
import {
  communityRefusals as r,
  type Community,
  type CommunityPrivacy,
  type CommunityRole,
  type CreateCommunityFields,
} from '../../../shared/communities';
import { appendTo, defineCommand, type Decision } from '../../core/command';
import { conflict, forbidden, invalid, notFound } from '../../core/errors';
import { lock, refuseUnless } from '../../core/guards';
import { first, streamVersion, value } from '../../core/reads';
import { qb } from '../../db/statement';
import { member } from '../relations/relations-policy';
import {
  communityId as communityRef,
  communityVisible,
  managesCommunity,
} from './community-policy';
import { communityReply } from './community-read';
import { communityStreamId, idOrNone, membershipStreamId } from './streams';

const communityNotFound = () => notFound(r.notFound);

interface MembershipRow {
  role: CommunityRole;
  status: 'active' | 'pending';
}

/** The community as the actor may see it (missing and hidden read alike), with its privacy. */
const visibleCommunity = (communityId: string, actorId: string) =>
  first(
    qb
      .selectFrom('communities')
      .select(['id', 'name', 'privacy'])
      .where('id', '=', communityId)
      .where(() => communityVisible(communityRef(communityId), member(actorId))),
  );

const membershipOf = (communityId: string, userId: string) =>
  first(
    qb
      .selectFrom('community_members')
      .select(['role', 'status'])
      .where('community_id', '=', communityId)
      .where('user_id', '=', userId),
  );

/** Rules that span every member (the last admin) hold at commit under the community's lock. */
const communityLock = (communityId: string) => lock(`community:${communityId}`);

/**
 * At commit: `userId` is not the last active admin of a community that still has other active
 * members (leaving alone, the last member may go).
 */
function notLastAdmin(communityId: string, userId: string, message: string) {
  return refuseUnless(
    sql<boolean>`not exists (select 1 from community_members me
        where me.community_id = ${communityId}::uuid and me.user_id = ${userId}::uuid
          and me.status = 'active' and me.role = 'admin')
      or exists (select 1 from community_members o
        where o.community_id = ${communityId}::uuid and o.user_id <> ${userId}::uuid
          and o.status = 'active' and o.role = 'admin')
      or not exists (select 1 from community_members o
        where o.community_id = ${communityId}::uuid and o.user_id <> ${userId}::uuid
          and o.status = 'active')`,
    conflict('last-admin', message),
  );
}

/**
 * At commit, under the community's lock: the actor still manages it, so two managers demoting or
 * removing each other at once cannot both succeed on what they read before.
 */
const stillManages = (communityId: string, actorId: string) => [
  communityLock(communityId),
  refuseUnless(
    managesCommunity(communityRef(communityId), member(actorId)),
    forbidden('not-community-manager', r.managersOnly),
  ),
];

export interface CreateCommunityInput {
  communityId: string;
  creatorId: string;
  fields: CreateCommunityFields;
  avatar: { fileId: string; url: string } | null;
  banner: { fileId: string; url: string } | null;
}

/** A new community, its creator its first admin; the reply is the community as they see it. */
export const createCommunity = defineCommand({
  name: 'communities.create',
  load: ({ communityId }: CreateCommunityInput) => ({
    version: streamVersion(communityStreamId(communityId)),
  }),
  decide({ version }, input): Decision<Community | null> {
    const { fields } = input;
    return {
      appends: [
        appendTo(communityStreamId(input.communityId), version, [
          {
            type: 'CommunityCreated',
            data: {
              communityId: input.communityId,
              createdBy: input.creatorId,
              name: fields.name,
              description: fields.description ?? '',
              category: fields.category,
              privacy: fields.privacy,
              website: fields.website ?? null,
              email: fields.email ?? null,
              location: fields.location ?? null,
              tags: fields.tags ?? [],
              avatarFileId: input.avatar?.fileId ?? null,
              avatarUrl: input.avatar?.url ?? null,
              bannerFileId: input.banner?.fileId ?? null,
              bannerUrl: input.banner?.url ?? null,
              rules: fields.rules ?? '',
              welcomeMessage: fields.welcomeMessage ?? '',
            },
          },
        ]),
      ],
      reply: communityReply(input.communityId, input.creatorId),
    };
  },
});

interface MemberInput {
  communityId: string;
  userId: string;
}

/**
 * How a member joins: a public community at once; a restricted one on a manager's approval, or
 * at once when a manager invited them; a private one only with an invitation.
 */
export function joinStatus(
  privacy: CommunityPrivacy,
  invitation: { byManager: boolean } | null,
): 'active' | 'pending' {
  if (privacy === 'public') return 'active';
  if (privacy === 'restricted') return invitation?.byManager ? 'active' : 'pending';
  if (!invitation) throw forbidden('invitation-required', r.invitationRequired);
  return 'active';
}

export const joinCommunity = defineCommand({
  name: 'communities.join',
  load: ({ communityId, userId }: MemberInput) => {
    const id = idOrNone(communityId);
    return {
      version: streamVersion(membershipStreamId(id, userId)),
      community: visibleCommunity(id, userId),
      membership: membershipOf(id, userId),
      invitation: first(
        qb
          .selectFrom('community_invitations as i')
          .select(() => [
            managesCommunity(sql.ref('i.community_id'), sql.ref('i.invited_by')).as('byManager'),
          ])
          .where('i.community_id', '=', id)
          .where('i.user_id', '=', userId),
      ),
    };
  },
  decide({ version, community, membership, invitation }, { userId }): Decision<Community | null> {
    if (!community) throw communityNotFound();
    if (membership?.status === 'active') throw conflict('already-member', r.alreadyMember);
    if (membership?.status === 'pending') throw conflict('request-pending', r.requestPending);
    const status = joinStatus(community.privacy, invitation ?? null);
    return {
      appends: [
        appendTo(membershipStreamId(community.id, userId), version, [
          { type: 'CommunityJoined', data: { communityId: community.id, userId, status } },
        ]),
      ],
      reply: communityReply(community.id, userId),
    };
  },
});

/** Leaves the community, or withdraws a request to join it. */
export const leaveCommunity = defineCommand({
  name: 'communities.leave',
  load: ({ communityId, userId }: MemberInput) => {
    const id = idOrNone(communityId);
    return {
      version: streamVersion(membershipStreamId(id, userId)),
      community: visibleCommunity(id, userId),
      membership: membershipOf(id, userId),
    };
  },
  decide({ version, community, membership }, { userId }): Decision<void> {
    if (!community) throw communityNotFound();
    if (!membership) throw conflict('not-member', r.notMember);
    return {
      guards:
        membership.role === 'admin'
          ? [communityLock(community.id), notLastAdmin(community.id, userId, r.lastAdmin)]
          : [],
      appends: [
        appendTo(membershipStreamId(community.id, userId), version, [
          { type: 'CommunityLeft', data: { communityId: community.id, userId } },
        ]),
      ],
    };
  },
});

export type ManagerAction =
  | { kind: 'approve' }
  | { kind: 'reject' }
  | { kind: 'remove' }
  | { kind: 'role'; role: CommunityRole };

export interface ManageInput {
  communityId: string;
  actorId: string;
  userId: string;
  action: ManagerAction;
}

/**
 * Whether the actor (an active admin or moderator, else null) may act on the target. Moderators
 * may not touch an admin nor make anyone admin; nobody removes themselves (they leave).
 */
export function checkManager(
  actorRole: CommunityRole | null,
  target: MembershipRow | undefined,
  input: Pick<ManageInput, 'actorId' | 'userId' | 'action'>,
): void {
  if (actorRole !== 'admin' && actorRole !== 'moderator') {
    throw forbidden('not-community-manager', r.managersOnly);
  }
  const { action } = input;
  if (action.kind === 'approve' || action.kind === 'reject') {
    if (target?.status !== 'pending') throw notFound(r.notPending);
    return;
  }
  if (target?.status !== 'active') throw notFound(r.notActive);
  if (action.kind === 'remove' && input.userId === input.actorId) {
    throw invalid('remove-self', r.removeSelf);
  }
  if (actorRole === 'moderator') {
    if (target.role === 'admin' || (action.kind === 'role' && action.role === 'admin')) {
      throw forbidden('admin-protected', r.adminProtected);
    }
  }
}

/** A manager approves or rejects a request to join, removes a member or changes their role. */
export const manageMember = defineCommand({
  name: 'communities.manage',
  load: ({ communityId, actorId, userId }: ManageInput) => {
    const id = idOrNone(communityId);
    const target = idOrNone(userId);
    return {
      version: streamVersion(membershipStreamId(id, target)),
      community: visibleCommunity(id, actorId),
      actor: membershipOf(id, actorId),
      target: membershipOf(id, target),
    };
  },
  decide({ version, community, actor, target }, input): Decision<void> {
    if (!community) throw communityNotFound();
    checkManager(actor?.status === 'active' ? actor.role : null, target, input);
    const ids = { communityId: community.id, userId: input.userId.toLowerCase() };
    const byUserId = input.actorId;
    const stream = membershipStreamId(community.id, ids.userId);
    const { action } = input;
    if (action.kind === 'role') {
      if (target?.role === action.role) return {};
      const demotesAdmin = target?.role === 'admin';
      return {
        guards: [
          ...stillManages(community.id, byUserId),
          ...(demotesAdmin ? [notLastAdmin(community.id, ids.userId, r.lastAdminRole)] : []),
        ],
        appends: [
          appendTo(stream, version, [
            { type: 'CommunityRoleChanged', data: { ...ids, byUserId, role: action.role } },
          ]),
        ],
      };
    }
    const type = {
      approve: 'CommunityJoinApproved',
      reject: 'CommunityJoinRejected',
      remove: 'CommunityMemberRemoved',
    } as const;
    return {
      guards: stillManages(community.id, byUserId),
      appends: [
        appendTo(stream, version, [{ type: type[action.kind], data: { ...ids, byUserId } }]),
      ],
    };
  },
});

/** Declines an invitation; the community stops being visible if it is private. */
export const declineInvitation = defineCommand({
  name: 'communities.declineInvitation',
  load: ({ communityId, userId }: MemberInput) => {
    const id = idOrNone(communityId);
    return {
      version: streamVersion(membershipStreamId(id, userId)),
      invited: value(sql<boolean>`exists (select 1 from community_invitations
        where community_id = ${id}::uuid and user_id = ${userId}::uuid)`),
    };
  },
  decide({ version, invited }, { communityId, userId }): Decision<void> {
    if (!invited) throw notFound(r.invitationNotFound);
    const id = communityId.toLowerCase();
    return {
      appends: [
        appendTo(membershipStreamId(id, userId), version, [
          { type: 'CommunityInvitationDeclined', data: { communityId: id, userId } },
        ]),
      ],
    };
  },
});
