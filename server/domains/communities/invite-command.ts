import { sql } from 'kysely';
import {
  communityPath,
  communityRefusals as r,
  type InviteResult,
} from '../../../shared/communities';
import { appendTo, defineCommand, type Decision } from '../../core/command';
import { forbidden, invalid, notFound } from '../../core/errors';
import { first, streamVersion, type Read } from '../../core/reads';
import { qb, statement, type Statement } from '../../db/statement';
import { queueEmail, templateRead } from '../email/outbox';
import { communityInvitationTemplate } from '../email/templates';
import { wants } from '../notifications/preferences';
import { blockedEitherWay, member } from '../relations/relations-policy';
import { communityId as communityRef, communityVisible } from './community-policy';
import { communityStreamId, idOrNone } from './streams';

interface Candidate {
  id: string;
  /** Active, and no block either way with the inviter. */
  invitable: boolean;
  /** Already a member or asking to join, or already invited. */
  known: boolean;
  /** Their address when they want this notification by email. */
  email: string | null;
}

/** The rows a raw query answers, as a command's read. */
function sqlRows<R>(query: ReturnType<typeof sql<R>>): Read<R[]> {
  return { statement: statement(query), pick: (found) => found as R[] };
}

export interface InviteInput {
  communityId: string;
  inviterId: string;
  userIds: string[];
  publicUrl: string;
}

/**
 * Members invite others (to a private community only its managers do). Each invitee hears of it
 * by notification (the module's `notifies`) and, when they want it, by email queued in the same
 * write. Members already in, already asking and already invited are left out; anyone who cannot
 * be invited (gone, or blocked either way) refuses the whole with one message, so blocks cannot
 * be probed one id at a time.
 */
export const inviteMembers = defineCommand({
  name: 'communities.invite',
  load: ({ communityId, inviterId, userIds }: InviteInput) => {
    const id = idOrNone(communityId);
    const inviter = member(inviterId);
    return {
      version: streamVersion(communityStreamId(id)),
      community: first(
        qb
          .selectFrom('communities')
          .select(['id', 'name', 'privacy'])
          .where('id', '=', id)
          .where(() => communityVisible(communityRef(id), inviter)),
      ),
      inviter: first(
        qb
          .selectFrom('community_members as m')
          .innerJoin('users as u', 'u.id', 'm.user_id')
          .select(['m.role', 'm.status', 'u.display_name'])
          .where('m.community_id', '=', id)
          .where('m.user_id', '=', inviterId),
      ),
      candidates: sqlRows(
        sql<Candidate>`select u.id,
            (u.status = 'active' and not ${blockedEitherWay(sql.ref('u.id'), inviter)}) as invitable,
            (exists (select 1 from community_members m
                where m.community_id = ${id}::uuid and m.user_id = u.id)
              or exists (select 1 from community_invitations i
                where i.community_id = ${id}::uuid and i.user_id = u.id)) as known,
            case when ${wants(sql.ref('u.id'), 'community_invitation', 'email')}
              then u.email end as email
          from users u where u.id = any(${userIds}::uuid[])`,
      ),
      template: templateRead(communityInvitationTemplate.name),
    };
  },
  decide(state, input): Decision<InviteResult> {
    const { community, inviter } = state;
    if (!community) throw notFound(r.notFound);
    if (inviter?.status !== 'active') throw forbidden('not-community-member', r.membersInvite);
    if (
      community.privacy === 'private' &&
      inviter.role !== 'admin' &&
      inviter.role !== 'moderator'
    ) {
      throw forbidden('not-community-manager', r.privateInvite);
    }
    const wanted = [...new Set(input.userIds.map((id) => id.toLowerCase()))].filter(
      (id) => id !== input.inviterId,
    );
    const found = new Map(state.candidates.map((c) => [c.id, c]));
    if (wanted.some((id) => !found.get(id)?.invitable)) {
      throw invalid('cannot-invite', r.cannotInvite, { userIds: r.cannotInvite });
    }
    const invitees = wanted.map((id) => found.get(id)!).filter((c) => !c.known);
    if (invitees.length === 0) return { result: { invited: [] } };
    const emails: Statement[] = invitees.flatMap((invitee) =>
      invitee.email === null
        ? []
        : queueEmail(state.template, invitee.email, {
            inviterName: inviter.display_name,
            communityName: community.name,
            communityUrl: `${input.publicUrl}${communityPath(community.id)}`,
          }),
    );
    return {
      appends: [
        appendTo(communityStreamId(community.id), state.version, [
          {
            type: 'CommunityMembersInvited',
            data: {
              communityId: community.id,
              communityName: community.name,
              invitedBy: input.inviterId,
              userIds: invitees.map((c) => c.id),
            },
          },
        ]),
      ],
      effects: emails,
      result: { invited: invitees.map((c) => c.id) },
    };
  },
});
