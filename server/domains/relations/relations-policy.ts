import { sql, type RawBuilder } from 'kysely';
import type { FriendPermission } from '../../../shared/social';
import type { Db } from '../../db/schema';

/**
 * The one policy for "may A see or reach B". Each rule is written once, as an SQL condition on
 * two members; a member is a literal id (`member(id)`) or a column of the enclosing query
 * (`sql.ref('u.id')`). The same condition filters a query (search, lists, pushes) and, through
 * `check` or the command runner's `value` read, answers a yes/no for one pair, so a read path and
 * a command can never disagree about a rule.
 */
export type MemberRef = RawBuilder<unknown>;

/** A literal member id as a policy operand. */
export const member = (id: string): MemberRef => sql`${id}::uuid`;

/** Either of the two blocked the other. */
export function blockedEitherWay(a: MemberRef, b: MemberRef): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from blocks
    where (blocks.user_id = ${a} and blocks.blocked_user_id = ${b})
       or (blocks.user_id = ${b} and blocks.blocked_user_id = ${a}))`;
}

export function areFriends(a: MemberRef, b: MemberRef): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from friendships
    where friendships.user_id = ${a} and friendships.friend_id = ${b})`;
}

/**
 * Whether `owner` lets `other` do `permission` with respect to them. Per-friend permissions only
 * narrow what friends may do: between members who are not friends this rule allows, and the
 * other rules (blocks, privacy) decide.
 */
export function friendAllows(
  owner: MemberRef,
  other: MemberRef,
  permission: FriendPermission,
): RawBuilder<boolean> {
  return sql<boolean>`not exists (select 1 from friendships
    where friendships.user_id = ${owner} and friendships.friend_id = ${other}
      and not (${permission} = any(friendships.permissions)))`;
}

/**
 * `viewer` may find `target` in searches: an active member other than the viewer, no block
 * either way, and, between friends, the target has not taken `search` away from the viewer.
 */
export function findableBy(target: MemberRef, viewer: MemberRef): RawBuilder<boolean> {
  return sql<boolean>`(${target} <> ${viewer}
    and exists (select 1 from users where users.id = ${target} and users.status = 'active')
    and not ${blockedEitherWay(target, viewer)}
    and ${friendAllows(target, viewer, 'search')})`;
}

/** `viewer` may see `target`'s presence: a friend who lost `read` sees them offline. */
export function presenceShown(target: MemberRef, viewer: MemberRef): RawBuilder<boolean> {
  return friendAllows(target, viewer, 'read');
}

/** `sender` may message `recipient`: no block either way, and a friend keeps `write`. */
export function mayMessage(sender: MemberRef, recipient: MemberRef): RawBuilder<boolean> {
  return sql<boolean>`(not ${blockedEitherWay(sender, recipient)}
    and ${friendAllows(recipient, sender, 'write')})`;
}

/**
 * `viewer` may see `owner`'s profile details beyond name and avatar, by the owner's privacy:
 * `public` to every signed-in member, `friendsOnly` and `private` to friends; always to the owner.
 */
export function profileDetailsVisible(owner: MemberRef, viewer: MemberRef): RawBuilder<boolean> {
  return sql<boolean>`(${owner} = ${viewer}
    or exists (select 1 from users where users.id = ${owner} and (users.privacy = 'public'
      or (users.privacy in ('friendsOnly', 'private') and ${areFriends(owner, viewer)}))))`;
}

/** One rule's answer for one pair, as a standalone check. */
export async function check(db: Db, rule: RawBuilder<boolean>): Promise<boolean> {
  const { rows } = await sql<{ value: boolean }>`select ${rule} as value`.execute(db);
  return rows[0]?.value ?? false;
}

/**
 * `viewer` may see a file (its bytes and its details): always its owner; a public file, every
 * signed-in member with no block either way with the owner. Anyone else needs a signed link.
 */
export function fileVisible(
  owner: MemberRef,
  isPublic: RawBuilder<unknown>,
  viewer: MemberRef,
): RawBuilder<boolean> {
  return sql<boolean>`(${owner} = ${viewer}
    or (${isPublic} and not ${blockedEitherWay(owner, viewer)}))`;
}
