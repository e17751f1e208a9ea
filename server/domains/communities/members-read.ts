import { sql } from 'kysely';
import {
  COMMUNITY_MEMBERS_PAGE,
  COMMUNITY_ROLES,
  badgesOf,
  levelOf,
  reputationOf,
  type CommunityMember,
  type CommunityMembersPage,
  type CommunityMembersQuery,
  type CommunityRole,
} from '../../../shared/communities';
import type { Db } from '../../db/schema';
import { presentPerson, type PersonRow } from '../people/people-read';
import { activeSocket, liveSockets } from '../presence/presence-read';
import { followsCount } from '../profiles/profile-stats-read';
import { member, presenceShown, profileDetailsReadable } from '../relations/relations-policy';
import { escapeLike } from './community-read';

interface MemberRow extends PersonRow {
  role: CommunityRole;
  status: 'active' | 'pending';
  joined_at: Date;
  post_count: number;
  likes_received: number;
  followers: number | null;
  following: number | null;
  bio: string | null;
  location: string | null;
  details_shown: boolean;
  total: number;
}

/** Managers first, then by role as `001` §6 lists them, then the earliest joined. */
const roleRank = sql`array_position(${sql.val([...COMMUNITY_ROLES])}::text[], m.role)`;

function presentMember(row: MemberRow): CommunityMember {
  const person = presentPerson(row);
  const reputation = reputationOf(row.post_count, row.likes_received);
  return {
    id: row.id,
    username: row.username,
    name: row.display_name,
    avatar: row.avatar,
    role: row.role,
    status: row.status,
    joinDate: new Date(row.joined_at).toISOString(),
    posts: row.post_count,
    followers: row.followers ?? 0,
    following: row.following ?? 0,
    isOnline: person.status !== 'offline',
    lastSeen: person.lastSeen,
    badges: badgesOf(row.role),
    bio: row.details_shown ? (row.bio ?? '') : '',
    location: row.details_shown ? (row.location ?? '') : '',
    reputation,
    level: levelOf(reputation),
  };
}

/**
 * A page of the community's members (or, for its managers, requests to join), filtered by name or
 * username and by role in SQL. Presence and last seen follow the relations policy's presence
 * rule, bio and location its profile details rule, and the follow counts count what the viewer
 * may see, exactly as everywhere else members are shown.
 */
export async function readMembers(
  db: Db,
  communityId: string,
  viewerId: string,
  query: CommunityMembersQuery,
): Promise<CommunityMembersPage> {
  const viewer = member(viewerId);
  const pattern = query.q ? `%${escapeLike(query.q)}%` : null;
  const offset = (query.page - 1) * COMMUNITY_MEMBERS_PAGE;
  // One row even past the last page, so the total is always read: the page's rows, or nulls.
  const { rows } = await sql<MemberRow | (Partial<MemberRow> & { id: null; total: number })>`
    with matched as (
      select m.* from community_members m join users u on u.id = m.user_id
      where m.community_id = ${communityId}::uuid and m.status = ${query.status}
        and (${query.role ?? null}::text is null or m.role = ${query.role ?? null})
        and (${pattern}::text is null
          or u.display_name ilike ${pattern} or u.username ilike ${pattern})),
    paged as (
      select m.*, row_number() over (order by ${roleRank}, m.joined_at, m.user_id) as position
      from matched m
      order by position
      limit ${COMMUNITY_MEMBERS_PAGE + 1} offset ${offset}),
    page as (
      select u.id, u.username, u.display_name, u.avatar, u.privacy,
        ${liveSockets(sql.ref('u.id'))} as sockets,
        ${activeSocket(sql.ref('u.id'))} as active,
        ls.last_seen_at,
        ${presenceShown(sql.ref('u.id'), viewer)} as presence_shown,
        ${profileDetailsReadable(sql.ref('u.id'), viewer)} as details_shown,
        m.role, m.status, m.joined_at, m.post_count, m.likes_received,
        ${followsCount(sql.ref('u.id'), viewer, 'followers')} as followers,
        ${followsCount(sql.ref('u.id'), viewer, 'following')} as following,
        p.bio, p.location, m.position
      from paged m
      join users u on u.id = m.user_id
      left join last_seen ls on ls.user_id = u.id
      left join profiles p on p.user_id = u.id)
    select page.*, t.total
    from (select count(*)::int as total from matched) t left join page on true
    order by page.position`.execute(db);
  const total = rows[0]?.total ?? 0;
  const found = rows.filter((row): row is MemberRow => row.id !== null);
  return {
    members: found.slice(0, COMMUNITY_MEMBERS_PAGE).map(presentMember),
    total,
    page: query.page,
    hasMore: found.length > COMMUNITY_MEMBERS_PAGE,
  };
}
