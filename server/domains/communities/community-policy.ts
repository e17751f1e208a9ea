import { sql, type RawBuilder } from 'kysely';
import type { MemberRef } from '../relations/relations-policy';

/**
 * Who may see and do what in a community, each written once as an SQL condition on a community
 * reference (a literal id, `communityId(id)`, or a column, `sql.ref('c.id')`) and a member, in the
 * manner of the relations policy: the same condition filters lists and pushes and answers one pair
 * in a command's reads. Discussions, community posts and calendar events use these, never their
 * own copies. The tables inside are aliased `policy_*`, so a reference to an outer column
 * (`sql.ref('c.id')`, `sql.ref('cm.user_id')`) is never captured by an inner alias of that name.
 */
export type CommunityRef = RawBuilder<unknown>;

export const communityId = (id: string): CommunityRef => sql`${id}::uuid`;

/** An active member of the community (a pending request is not membership). */
export function isCommunityMember(community: CommunityRef, viewer: MemberRef): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from community_members policy_cm
    where policy_cm.community_id = ${community} and policy_cm.user_id = ${viewer}
      and policy_cm.status = 'active')`;
}

/** An active admin or moderator: pins, locks, announces, approves members and changes roles. */
export function managesCommunity(community: CommunityRef, viewer: MemberRef): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from community_members policy_cm
    where policy_cm.community_id = ${community} and policy_cm.user_id = ${viewer}
      and policy_cm.status = 'active' and policy_cm.role in ('admin', 'moderator'))`;
}

/**
 * The community exists and the member may see it at all (its card, its name in a list): a public
 * or restricted one, or a private one they belong to or were invited to. Anything else reads as
 * missing, so private communities cannot be probed.
 */
export function communityVisible(community: CommunityRef, viewer: MemberRef): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from communities policy_c where policy_c.id = ${community}
    and (policy_c.privacy <> 'private'
      or ${isCommunityMember(community, viewer)}
      or exists (select 1 from community_invitations policy_ci
        where policy_ci.community_id = ${community} and policy_ci.user_id = ${viewer})))`;
}

/**
 * The member may read what is inside (members, discussions, posts, events): anyone signed in in a
 * public community, members only in a restricted or private one.
 */
export function communityContentVisible(
  community: CommunityRef,
  viewer: MemberRef,
): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from communities policy_c where policy_c.id = ${community}
    and (policy_c.privacy = 'public' or ${isCommunityMember(community, viewer)}))`;
}
