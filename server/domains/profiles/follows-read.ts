import { sql } from 'kysely';
import type { FollowEntry, FollowsPage, ProfileStats } from '../../../shared/profiles';
import { forbidden } from '../../core/errors';
import type { Read } from '../../core/reads';
import type { Db } from '../../db/schema';
import { statement } from '../../db/statement';
import { readPeople } from '../people/people-read';
import { decodeCursor, encodeCursor } from '../posts/cursor';
import { member, profileDetailsReadable, profileReachable } from '../relations/relations-policy';
import {
  listedFollows,
  viewerProfileVersion,
  viewerStatsColumns,
  type FollowsDirection,
} from './profile-stats-read';

export interface FollowAnswer {
  followedByMe: boolean;
  stats: ProfileStats;
  version: number;
}

interface FollowAnswerRow {
  followed_by_me: boolean;
  posts: number;
  followers: number;
  following: number;
  likes: number;
  views: number;
  version: number;
}

/**
 * The followee's stats and version as the follower may see them, and whether the follower
 * follows them, as one read.
 */
export function followAnswerRead(followeeId: string, followerId: string): Read<FollowAnswer> {
  const [followee, follower] = [member(followeeId), member(followerId)];
  return {
    statement: statement(sql`
      select exists (select 1 from follows f
          where f.follower_id = ${follower} and f.followee_id = ${followee})
          as followed_by_me,
        ${viewerStatsColumns(followee, follower)},
        ${viewerProfileVersion(followee, follower)} as version
      from profiles p left join profile_stats s on s.user_id = p.user_id
      where p.user_id = ${followee}`),
    pick: (found) => {
      const row = found[0] as FollowAnswerRow | undefined;
      return {
        followedByMe: row?.followed_by_me ?? false,
        stats: {
          posts: row?.posts ?? 0,
          followers: row?.followers ?? 0,
          following: row?.following ?? 0,
          likes: row?.likes ?? 0,
          views: row?.views ?? 0,
        },
        version: Number(row?.version ?? 0),
      };
    },
  };
}

/** What the viewer may see of a member's follows and engagement: nothing, or everything. */
export async function detailsAccess(
  db: Db,
  userId: string,
  viewerId: string,
): Promise<'missing' | 'hidden' | 'visible'> {
  const { rows } = await sql<{ reachable: boolean; details: boolean }>`
    select ${profileReachable(member(userId), member(viewerId))} as reachable,
      ${profileDetailsReadable(member(userId), member(viewerId))} as details
    from users where id = ${userId}::uuid`.execute(db);
  const row = rows[0];
  if (!row?.reachable) return 'missing';
  return row.details ? 'visible' : 'hidden';
}

export const followsHidden = () =>
  forbidden(
    'private-profile',
    "Only this member's friends can see their followers, who they follow and their activity.",
  );

/**
 * One page of a member's followers or of those they follow, newest first, keyset on (since,
 * member id); members blocked either way with the viewer, and inactive ones, are left out, and
 * the total counts the same (`listedFollows`).
 */
export async function readFollowsPage(
  db: Db,
  userId: string,
  viewerId: string,
  direction: FollowsDirection,
  query: { cursor?: string; limit: number },
): Promise<FollowsPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const other = direction === 'followers' ? 'follower_id' : 'followee_id';
  const otherRef = sql.ref(`lf.${other}`);
  const listed = listedFollows(member(userId), member(viewerId), direction);
  const [{ rows }, counted] = await Promise.all([
    sql<{ id: string; since: Date; followed_by_me: boolean }>`
      select ${otherRef} as id, lf.created_at as since,
        exists (select 1 from follows m where m.follower_id = ${viewerId}::uuid
          and m.followee_id = ${otherRef}) as followed_by_me
      from ${listed}
        ${after ? sql`and (lf.created_at, ${otherRef}) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by lf.created_at desc, ${otherRef} desc
      limit ${query.limit + 1}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total from ${listed}`.execute(db),
  ]);
  const page = rows.slice(0, query.limit);
  const people = await readPeople(
    db,
    viewerId,
    page.map((row) => row.id),
  );
  const entries: FollowEntry[] = page.flatMap((row) => {
    const person = people.get(row.id);
    return person
      ? [{ person, since: row.since.toISOString(), followedByMe: row.followed_by_me }]
      : [];
  });
  const last = page.at(-1);
  return {
    entries,
    total: counted.rows[0]?.total ?? 0,
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.since, last.id) : null,
  };
}
