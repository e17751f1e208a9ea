import { sql, type RawBuilder } from 'kysely';
import {
  COMMUNITY_LIST_MAX,
  ENGAGEMENT_WINDOW_DAYS,
  type Community,
  type CommunityInvitation,
  type CommunitiesQuery,
} from '../../../shared/communities';
import type { Read } from '../../core/reads';
import type { Db } from '../../db/schema';
import { statement } from '../../db/statement';
import { member, type MemberRef } from '../relations/relations-policy';
import { communityContentVisible, communityVisible, isCommunityMember } from './community-policy';
import { presentCommunity, type CommunityRow } from './community-presenter';

/** Members active within the engagement window, an SQL count for the community `c`. */
export const activeMembersSql = sql<number>`(select count(*)::int from community_members am
  where am.community_id = c.id and am.status = 'active'
    and am.last_active_at > now() - make_interval(days => ${ENGAGEMENT_WINDOW_DAYS}))`;

/** The card's columns for the communities `c`, as `viewer` sees them. */
function cardColumns(viewer: MemberRef): RawBuilder<unknown> {
  return sql`c.id, c.name, c.description, c.category, c.privacy, c.website, c.email, c.location,
    c.tags, c.avatar_url, c.banner_url, c.rules, c.welcome_message, c.created_by, c.created_at,
    c.member_count, c.discussion_count, c.post_count, c.event_count, c.version,
    ${activeMembersSql} as active_members,
    ${communityContentVisible(sql.ref('c.id'), viewer)} as content_visible,
    vm.role as viewer_role, vm.status as viewer_status,
    exists (select 1 from community_invitations vi
      where vi.community_id = c.id and vi.user_id = ${viewer}) as viewer_invited`;
}

function cards(
  viewer: MemberRef,
  where: RawBuilder<boolean>,
  order: RawBuilder<unknown>,
  limit: number = COMMUNITY_LIST_MAX,
) {
  return sql<CommunityRow>`select ${cardColumns(viewer)}
    from communities c
    left join community_members vm on vm.community_id = c.id and vm.user_id = ${viewer}
    where ${where} order by ${order} limit ${limit}`;
}

/** One community as `viewerId` sees it; none when missing or not theirs to see. */
function oneCard(communityId: string, viewerId: string) {
  const viewer = member(viewerId);
  return cards(
    viewer,
    sql<boolean>`c.id = ${communityId}::uuid and ${communityVisible(sql.ref('c.id'), viewer)}`,
    sql`c.id`,
  );
}

/** A command's reply: the community as its actor now sees it, read in the same write. */
export function communityReply(communityId: string, viewerId: string): Read<Community | null> {
  return {
    statement: statement(oneCard(communityId, viewerId)),
    pick: (found) => {
      const row = found[0] as CommunityRow | undefined;
      return row ? presentCommunity(row) : null;
    },
  };
}

export async function readCommunity(
  db: Db,
  communityId: string,
  viewerId: string,
): Promise<Community | null> {
  const { rows } = await oneCard(communityId, viewerId).execute(db);
  return rows[0] ? presentCommunity(rows[0]) : null;
}

/**
 * The name, the description or one tag contains the text, any case. Each is read from a trigram
 * index; a tag is found through the joined tags (`agora_tags_text`), which contain the text
 * whenever one tag does, and the per-tag test keeps the match to a single tag.
 */
const nameMatches = (q: string | undefined) => {
  if (q === undefined || q === '') return sql<boolean>`true`;
  const pattern = `%${escapeLike(q)}%`;
  return sql<boolean>`(c.name ilike ${pattern} or c.description ilike ${pattern}
    or (agora_tags_text(c.tags) ilike ${pattern}
      and exists (select 1 from unnest(c.tags) t where t ilike ${pattern})))`;
};

/** `%` and `_` typed by a member are letters, not wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `mine`: the communities the member belongs to or asked to join, the latest joined first.
 * `discover`: those they may see and have not joined (invitations first, then the largest).
 */
export async function readCommunities(
  db: Db,
  viewerId: string,
  query: CommunitiesQuery,
): Promise<Community[]> {
  const viewer = member(viewerId);
  const built =
    query.scope === 'mine'
      ? cards(
          viewer,
          sql<boolean>`vm.user_id is not null and ${nameMatches(query.q)}`,
          sql`vm.joined_at desc, c.id`,
        )
      : cards(
          viewer,
          sql<boolean>`${communityVisible(sql.ref('c.id'), viewer)}
            and not ${isCommunityMember(sql.ref('c.id'), viewer)} and ${nameMatches(query.q)}`,
          sql`viewer_invited desc, c.member_count desc, lower(c.name), c.id`,
        );
  const { rows } = await built.execute(db);
  return rows.map(presentCommunity);
}

/**
 * The search box's communities: those the member may see at all (`communityVisible`: a private
 * one only to its members and invitees) whose name, description or a tag contains the text, by
 * name, keyset on (lower(name), id) after `after` (the last card's name as written, lowered here
 * by the same `lower` as the order). Cards as every list presents them.
 */
export function searchCommunityCards(
  viewerId: string,
  q: string,
  take: number,
  after: { name: string; id: string } | null,
) {
  const viewer = member(viewerId);
  const past =
    after === null
      ? sql<boolean>`true`
      : sql<boolean>`(lower(c.name), c.id) > (lower(${after.name}), ${after.id}::uuid)`;
  return cards(
    viewer,
    sql<boolean>`${communityVisible(sql.ref('c.id'), viewer)} and ${nameMatches(q)} and ${past}`,
    sql`lower(c.name), c.id`,
    take,
  );
}

/** The member's invitations not yet answered, the newest first. */
export async function readInvitations(db: Db, viewerId: string): Promise<CommunityInvitation[]> {
  const viewer = member(viewerId);
  const { rows } = await sql<
    CommunityRow & {
      invited_at: Date;
      inviter_id: string | null;
      inviter_name: string | null;
      inviter_avatar: string | null;
    }
  >`select ${cardColumns(viewer)}, i.invited_at,
      u.id as inviter_id, u.display_name as inviter_name, u.avatar as inviter_avatar
    from community_invitations i
    join communities c on c.id = i.community_id
    left join community_members vm on vm.community_id = c.id and vm.user_id = ${viewer}
    left join users u on u.id = i.invited_by
    where i.user_id = ${viewer}
    order by i.invited_at desc, c.id
    limit ${COMMUNITY_LIST_MAX}`.execute(db);
  return rows.map((row) => ({
    community: presentCommunity(row),
    invitedBy:
      row.inviter_id === null
        ? null
        : { id: row.inviter_id, displayName: row.inviter_name ?? '', avatar: row.inviter_avatar },
    invitedAt: new Date(row.invited_at).toISOString(),
  }));
}
