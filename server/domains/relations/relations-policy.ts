import { sql, type RawBuilder } from 'kysely';
import type { FriendPermission, MessageRefusalCode, Privacy } from '../../../shared/social';
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

/*
 * The two rules below are `blockedEitherWay` and `areFriends` asked as membership of a list of
 * `viewer`'s: the same answer for every pair, but when the viewer is fixed for a query and the
 * other member varies by row (a search, a feed, a list), Postgres reads that list once, when a
 * row first needs it, instead of probing `blocks` or `friendships` for every row. An array
 * rather than `in (select …)`: the planner charges a hashed subquery's build to every probe of
 * an inner index scan, and then chose a sequential scan of all the search documents over the
 * word's index (docs/performance.md, "Search at community scale").
 */

/** `blockedEitherWay(member, viewer)`: `member` is in `viewer`'s blocks, either way. */
export function inBlocksOf(member: MemberRef, viewer: MemberRef): RawBuilder<boolean> {
  return sql<boolean>`(${member} = any(array(select blocks.blocked_user_id from blocks
      where blocks.user_id = ${viewer}))
    or ${member} = any(array(select blocks.user_id from blocks
      where blocks.blocked_user_id = ${viewer})))`;
}

/** `areFriends(member, viewer)`: `member` counts `viewer` among their friends. */
export function inFriendsOf(member: MemberRef, viewer: MemberRef): RawBuilder<boolean> {
  return sql<boolean>`${member} = any(array(select friendships.user_id from friendships
    where friendships.friend_id = ${viewer}))`;
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
  return sql<boolean>`${owner} <> all(array(select friendships.user_id from friendships
    where friendships.friend_id = ${other} and not (${permission} = any(friendships.permissions))))`;
}

/**
 * `friend` may end their friendship with `member` (000 §6: the sandbox's `delete`, applied to
 * the friend service's one removal, the friendship): unless `member` took `delete` away from
 * them. `member` may always end it themself, and a block, which ends it too, stays open to
 * either: it is how a member protects themself, and no permission may stand in its way.
 */
export function friendshipEndableBy(member: MemberRef, friend: MemberRef): RawBuilder<boolean> {
  return friendAllows(member, friend, 'delete');
}

/**
 * What `owner`'s privacy setting lets `other` do, for one thing it guards: the member themself
 * and their friends always, anyone else (signed in) only while the setting is one of
 * `openTo`. The rules below differ only in that list, so the settings mean one thing everywhere.
 */
function privacyAdmits(
  owner: MemberRef,
  other: MemberRef,
  openTo: readonly Privacy[],
): RawBuilder<boolean> {
  return sql<boolean>`(${owner} = ${other}
    or exists (select 1 from users
      where users.id = ${owner} and users.privacy = any(${openTo}::text[]))
    or ${inFriendsOf(owner, other)})`;
}

/**
 * `viewer` may see `owner`'s profile details beyond name and avatar (presence, last seen) by the
 * owner's privacy: `public` to every signed-in member, `friendsOnly` and `private` to friends;
 * always to the owner. The privacy setting itself is not a detail: it tells the viewer why the
 * rest is hidden and why they may not write.
 */
export function profileDetailsVisible(owner: MemberRef, viewer: MemberRef): RawBuilder<boolean> {
  return privacyAdmits(owner, viewer, ['public']);
}

/**
 * `viewer` may find `target` in searches and suggestions: an active member other than the
 * viewer, no block either way, a `private` member only by their friends, and, between friends,
 * the target has not taken `search` away from the viewer.
 */
export function findableBy(target: MemberRef, viewer: MemberRef): RawBuilder<boolean> {
  return sql<boolean>`(${target} <> ${viewer}
    and exists (select 1 from users where users.id = ${target} and users.status = 'active')
    and not ${inBlocksOf(target, viewer)}
    and ${privacyAdmits(target, viewer, ['public', 'friendsOnly'])}
    and ${friendAllows(target, viewer, 'search')})`;
}

/**
 * `viewer` may see `target`'s presence: it is a profile detail, and a friend who lost `read`
 * sees them offline.
 */
export function presenceShown(target: MemberRef, viewer: MemberRef): RawBuilder<boolean> {
  return sql<boolean>`(${profileDetailsVisible(target, viewer)}
    and ${friendAllows(target, viewer, 'read')})`;
}

/**
 * `recipient`'s privacy lets `sender` start a conversation with them or write in one: `public`
 * to every signed-in member, `friendsOnly` and `private` to friends. Checked for every message,
 * so a member who stops being a friend can no longer write in a conversation they had.
 */
export function privacyAllowsMessages(
  recipient: MemberRef,
  sender: MemberRef,
): RawBuilder<boolean> {
  return privacyAdmits(recipient, sender, ['public']);
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

/**
 * `viewer` may see the post aliased `post` in the enclosing query: nobody while it is in the
 * trash or once a moderator removed it; otherwise always its author (a hidden post stays theirs,
 * so they read why); anyone else only once it is published, not hidden by a moderator, with no
 * block either way, and by its visibility: `public` to every signed-in member, `friendsOnly` to
 * the author's friends, `private` to nobody else, and to the members the author named. Drafts
 * and private posts are the author's.
 *
 * A caller that counts one member's posts passes that member as `author`: the friendship and
 * block checks then no longer depend on the post, and Postgres runs them once, not per post.
 */
export function postVisible(
  post: string,
  viewer: MemberRef,
  author: MemberRef = sql.ref(`${post}.author_id`),
): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${post}.deleted_at`)} is null
    and ${sql.ref(`${post}.moderation_state`)} <> 'removed'
    and (${author} = ${viewer}
      or (${sql.ref(`${post}.status`)} = 'published'
        and ${sql.ref(`${post}.moderation_state`)} = 'visible'
        and (${postAudienceAdmits(post, sql.ref(`${post}.visibility`), 'view', viewer, author)})
        and not ${inBlocksOf(author, viewer)})))`;
}

/**
 * `viewer`, not the author, is in the audience `setting` gives one action on the post: every
 * member for `public`, the author's friends for `friendsOnly`, and in any case the members the
 * author named for the action (`post_grants`). Blocks and the post's state are the caller's.
 */
export function postAudienceAdmits(
  post: string,
  setting: RawBuilder<unknown>,
  action: 'view' | 'comment' | 'share',
  viewer: MemberRef,
  author: MemberRef = sql.ref(`${post}.author_id`),
): RawBuilder<boolean> {
  return sql<boolean>`(${setting} = 'public'
    or (${setting} = 'friendsOnly' and ${inFriendsOf(author, viewer)})
    or exists (select 1 from post_grants g where g.post_id = ${sql.ref(`${post}.id`)}
      and g.action = ${action} and g.user_id = ${viewer}))`;
}

/**
 * `viewer` may see a file because its owner attached it to a post the viewer may see: the
 * private photos of a friends-only post are the friends' to load, for as long as the post is.
 */
export function fileInVisiblePost(
  file: RawBuilder<unknown>,
  owner: MemberRef,
  viewer: MemberRef,
): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from post_media pm join posts p on p.id = pm.post_id
    where pm.file_id = ${file} and p.author_id = ${owner}
      and ${postVisible('p', viewer)})`;
}

/** `viewer` holds the owner role: an owner reads every profile whole, to run the community. */
export function ownerReader(viewer: MemberRef): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from users
    where users.id = ${viewer} and users.role = 'owner')`;
}

/**
 * `viewer` may see `owner`'s contact block at all (email, phone, location, birth date, last
 * seen): the member themself, or anyone while the profile is `public`; each field then still
 * needs its card switch (`contactFieldShown`).
 */
export function profileContactVisible(owner: MemberRef, viewer: MemberRef): RawBuilder<boolean> {
  return sql<boolean>`(${owner} = ${viewer} or ${ownerReader(viewer)}
    or exists (select 1 from users where users.id = ${owner} and users.privacy = 'public'))`;
}

export type ContactSwitch =
  'showEmail' | 'showPhone' | 'showLocation' | 'showBirthDate' | 'showLastSeen';

/** One field of the contact block: the member and an owner always; others by the block and its switch. */
export function contactFieldShown(
  owner: MemberRef,
  viewer: MemberRef,
  field: ContactSwitch,
): RawBuilder<boolean> {
  return sql<boolean>`(${owner} = ${viewer} or ${ownerReader(viewer)}
    or (${profileContactVisible(owner, viewer)}
      and exists (select 1 from profiles where profiles.user_id = ${owner}
        and profiles.card_settings ->> ${field} = 'true')))`;
}

/** `recipient` has not turned direct messages off (`allowDirectMessages`) for `sender`. */
export function directMessagesAllowed(
  recipient: MemberRef,
  sender: MemberRef,
): RawBuilder<boolean> {
  return sql<boolean>`(${recipient} = ${sender}
    or not exists (select 1 from profiles where profiles.user_id = ${recipient}
      and profiles.card_settings ->> 'allowDirectMessages' = 'false'))`;
}

/** `recipient` has not turned friend requests off (`allowFriendRequests`). */
export function friendRequestsAllowed(recipient: MemberRef): RawBuilder<boolean> {
  return sql<boolean>`not exists (select 1 from profiles where profiles.user_id = ${recipient}
    and profiles.card_settings ->> 'allowFriendRequests' = 'false')`;
}

/**
 * `viewer` may see `owner`'s profile details (bio, work, skills, experience, education, links,
 * followers and engagement): `profileDetailsVisible`, or an owner-role reader.
 */
export function profileDetailsReadable(owner: MemberRef, viewer: MemberRef): RawBuilder<boolean> {
  return sql<boolean>`(${profileDetailsVisible(owner, viewer)} or ${ownerReader(viewer)})`;
}

/**
 * `viewer` may open `owner`'s profile at all: themself and an owner always; anyone else while
 * the member is active and neither blocked the other. Anything else reads as a missing member.
 */
export function profileReachable(owner: MemberRef, viewer: MemberRef): RawBuilder<boolean> {
  return sql<boolean>`(${owner} = ${viewer} or ${ownerReader(viewer)}
    or (exists (select 1 from users where users.id = ${owner} and users.status = 'active')
      and not ${blockedEitherWay(owner, viewer)}))`;
}

/**
 * Why `sender` may not write to `recipient`, by every rule the messaging commands apply and in
 * the order they apply them (the first that fails is the one their refusal names): themself, a
 * block, an inactive member, privacy, `allowDirectMessages`, a friend's `write`. Null when they
 * may. The codes are those of `MESSAGE_REFUSALS`, so a profile states the refusal word for word.
 */
export function messagingRefusal(
  recipient: MemberRef,
  sender: MemberRef,
): RawBuilder<MessageRefusalCode | null> {
  return sql<MessageRefusalCode | null>`(case
    when ${recipient} = ${sender} then 'conversation-to-self'
    when ${blockedEitherWay(recipient, sender)} then 'blocked'
    when not exists (select 1 from users
      where users.id = ${recipient} and users.status = 'active') then 'not-found'
    when not ${privacyAllowsMessages(recipient, sender)} then 'private-profile'
    when not ${directMessagesAllowed(recipient, sender)} then 'direct-messages-off'
    when not ${friendAllows(recipient, sender, 'write')} then 'operation-not-permitted'
  end)`;
}

/** `sender` may write to `recipient`: no rule of `messagingRefusal` refuses them. */
export function messagingAllowed(recipient: MemberRef, sender: MemberRef): RawBuilder<boolean> {
  return sql<boolean>`(${messagingRefusal(recipient, sender)} is null)`;
}
