import { sql } from 'kysely';
import type { EventType } from '../../../shared/events';
import { statement, type Statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';
import { eraseMemberCommunities } from './communities-erasure';

export const communityEventTypes = [
  'CommunityCreated',
  'CommunityJoined',
  'CommunityJoinApproved',
  'CommunityJoinRejected',
  'CommunityLeft',
  'CommunityMemberRemoved',
  'CommunityRoleChanged',
  'CommunityMembersInvited',
  'CommunityInvitationDeclined',
] as const satisfies readonly EventType[];

/**
 * Moves the member count by exactly the active memberships a statement wrote (`changed` is a CTE
 * answering one row per membership it inserted, activated or deleted), and the version with any
 * change at all, under the community row's lock: concurrent joins never lose a count.
 */
function bump(communityId: string, changed: ReturnType<typeof sql>, members: 1 | -1 | 0) {
  return statement(sql`with changed as (${changed})
    update communities set
      member_count = member_count + ${members} * (select count(*)::int from changed),
      version = version + 1
    where id = ${communityId}::uuid and exists (select 1 from changed)`);
}

/** A membership is gone (left, removed, rejected): the count drops if it was active. */
function dropMembership(communityId: string, userId: string): Statement {
  return statement(sql`with gone as (
      delete from community_members
      where community_id = ${communityId}::uuid and user_id = ${userId}::uuid
      returning status)
    update communities set
      member_count = member_count - (select count(*)::int from gone where status = 'active'),
      version = version + 1
    where id = ${communityId}::uuid and exists (select 1 from gone)`);
}

/**
 * `communities`, `community_members` and `community_invitations`. Discussions, community posts
 * and events bump the other counters and members' activity in their own projections.
 */
export const communitiesProjection: Projection = {
  name: 'communities',
  tables: ['communities', 'community_members', 'community_invitations'],
  handles: [...communityEventTypes, 'AccountDeleted'],
  project(event) {
    switch (event.type) {
      case 'CommunityCreated': {
        const d = event.data;
        return [
          statement(sql`insert into communities (id, name, description, category, privacy,
              website, email, location, tags, avatar_url, banner_url, rules, welcome_message,
              created_by, created_at, member_count, version)
            values (${d.communityId}::uuid, ${d.name}, ${d.description}, ${d.category},
              ${d.privacy}, ${d.website}, ${d.email}, ${d.location}, ${d.tags}::text[],
              ${d.avatarUrl}, ${d.bannerUrl}, ${d.rules}, ${d.welcomeMessage},
              ${d.createdBy}::uuid, ${event.occurredAt}, 1, 1)`),
          statement(sql`insert into community_members
              (community_id, user_id, role, status, joined_at, last_active_at)
            values (${d.communityId}::uuid, ${d.createdBy}::uuid, 'admin', 'active',
              ${event.occurredAt}, ${event.occurredAt})`),
        ];
      }
      case 'CommunityJoined': {
        const d = event.data;
        return [
          bump(
            d.communityId,
            sql`insert into community_members (community_id, user_id, role, status, joined_at)
              values (${d.communityId}::uuid, ${d.userId}::uuid, 'member', ${d.status},
                ${event.occurredAt})
              on conflict do nothing returning status`,
            d.status === 'active' ? 1 : 0,
          ),
          statement(sql`delete from community_invitations
            where community_id = ${d.communityId}::uuid and user_id = ${d.userId}::uuid`),
        ];
      }
      case 'CommunityJoinApproved': {
        const d = event.data;
        return [
          bump(
            d.communityId,
            sql`update community_members set status = 'active', joined_at = ${event.occurredAt}
              where community_id = ${d.communityId}::uuid and user_id = ${d.userId}::uuid
                and status = 'pending' returning status`,
            1,
          ),
        ];
      }
      case 'CommunityJoinRejected':
      case 'CommunityLeft':
      case 'CommunityMemberRemoved':
        return [dropMembership(event.data.communityId, event.data.userId)];
      case 'CommunityRoleChanged': {
        const d = event.data;
        return [
          bump(
            d.communityId,
            sql`update community_members set role = ${d.role}
              where community_id = ${d.communityId}::uuid and user_id = ${d.userId}::uuid
              returning role`,
            0,
          ),
        ];
      }
      case 'CommunityMembersInvited': {
        const d = event.data;
        return [
          statement(sql`insert into community_invitations
              (community_id, user_id, invited_by, invited_at)
            select ${d.communityId}::uuid, invitee, ${d.invitedBy}::uuid, ${event.occurredAt}
            from unnest(${d.userIds}::uuid[]) as invitee
            on conflict do nothing`),
        ];
      }
      case 'CommunityInvitationDeclined': {
        const d = event.data;
        return [
          statement(sql`delete from community_invitations
            where community_id = ${d.communityId}::uuid and user_id = ${d.userId}::uuid`),
        ];
      }
      case 'AccountDeleted':
        return eraseMemberCommunities(event.data.userId);
      default:
        return [];
    }
  },
};
