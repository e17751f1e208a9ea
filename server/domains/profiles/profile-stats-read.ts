import { sql, type RawBuilder } from 'kysely';
import type { ProfileStats } from '../../../shared/profiles';
import { streamVersionSql } from '../../core/reads';
import type { Db } from '../../db/schema';
import { friendshipStreamIdSql } from '../friends/friendship-stream';
import {
  blockedEitherWay,
  postVisible,
  profileDetailsReadable,
  type MemberRef,
} from '../relations/relations-policy';

export type FollowsDirection = 'followers' | 'following';

/**
 * The follows of `owner` in one direction that `viewer` is shown in its list: with an active
 * member, neither blocked by the viewer nor blocking them. The list and its count share it.
 */
export function listedFollows(owner: MemberRef, viewer: MemberRef, direction: FollowsDirection) {
  const [mine, other] =
    direction === 'followers' ? ['followee_id', 'follower_id'] : ['follower_id', 'followee_id'];
  const otherRef = sql.ref(`lf.${other}`);
  return sql`follows lf
    join users lu on lu.id = ${otherRef} and lu.status = 'active'
    where ${sql.ref(`lf.${mine}`)} = ${owner} and not ${blockedEitherWay(otherRef, viewer)}`;
}

/**
 * How many follows of `owner` `viewer` may see: those `listedFollows` shows, while the viewer may
 * read the lists at all; otherwise none, as hidden details read as empty everywhere else.
 */
export function followsCount(owner: MemberRef, viewer: MemberRef, direction: FollowsDirection) {
  return sql<number>`(case when ${profileDetailsReadable(owner, viewer)}
    then (select count(*) from ${listedFollows(owner, viewer, direction)}) else 0 end)::int`;
}

/**
 * The post aliased `post` is one of `owner`'s published posts that `viewer` may see: what the
 * profile's list of posts shows them. The friendship and block it depends on are `owner`'s, so
 * they are checked once for the count, not once per post.
 */
export function visiblePublishedPost(post: string, owner: MemberRef, viewer: MemberRef) {
  return sql<boolean>`(${sql.ref(`${post}.author_id`)} = ${owner}
    and ${sql.ref(`${post}.status`)} = 'published' and ${postVisible(post, viewer, owner)})`;
}

/**
 * The stats of `owner` as `viewer` may see them, as the columns `posts`, `likes`, `followers`,
 * `following`, `views` of a select that joins `owner`'s `profile_stats` row as `s`. Every count is
 * of what the viewer may see, by the relations policy: posts and the likes they hold by
 * `postVisible`, follows as their lists show them. The member themself sees their Total Likes
 * whole (the likes of posts in their trash too, as their live Total Likes does); views count
 * visits, not content.
 */
export function viewerStatsColumns(owner: MemberRef, viewer: MemberRef): RawBuilder<unknown> {
  const visible = visiblePublishedPost('vp', owner, viewer);
  return sql`(select count(*) from posts vp where ${visible})::int as posts,
    (case when ${owner} = ${viewer} then coalesce(s.likes, 0)
      else (select coalesce(sum(vp.likes_count), 0) from posts vp where ${visible})
    end)::int as likes,
    ${followsCount(owner, viewer, 'followers')} as followers,
    ${followsCount(owner, viewer, 'following')} as following,
    coalesce(s.views, 0) as views`;
}

/**
 * The version of `owner`'s profile as `viewer` sees it, given `owner`'s `profiles` row as `p` and
 * `profile_stats` row as `s`: the profile's change counter, the stats' and the version of the
 * two members' friendship stream. Each rises under its own lock in commit order, so the sum rises
 * with every change of what the viewer is shown, a friendship or a block between them included,
 * and a rebuild reproduces it.
 */
export function viewerProfileVersion(owner: MemberRef, viewer: MemberRef): RawBuilder<number> {
  return sql<number>`(p.version + coalesce(s.version, 0)
    + ${streamVersionSql(friendshipStreamIdSql(owner, viewer))})::int`;
}

export interface ViewerStats {
  userId: string;
  viewerId: string;
  stats: ProfileStats;
  version: number;
}

/** Each (member, viewer) pair's stats and version as the viewer sees them, in one statement. */
export async function readViewerStats(
  db: Db,
  pairs: readonly { userId: string; viewerId: string }[],
): Promise<ViewerStats[]> {
  if (pairs.length === 0) return [];
  const owner = sql.ref('v.user_id');
  const viewer = sql.ref('v.viewer_id');
  const { rows } = await sql<
    ProfileStats & { user_id: string; viewer_id: string; version: number }
  >`
    select v.user_id, v.viewer_id, ${viewerStatsColumns(owner, viewer)},
      ${viewerProfileVersion(owner, viewer)} as version
    from unnest(${pairs.map((p) => p.userId)}::uuid[], ${pairs.map((p) => p.viewerId)}::uuid[])
      as v(user_id, viewer_id)
    join profiles p on p.user_id = v.user_id
    left join profile_stats s on s.user_id = v.user_id`.execute(db);
  return rows.map((row) => ({
    userId: row.user_id,
    viewerId: row.viewer_id,
    stats: {
      posts: row.posts,
      likes: row.likes,
      followers: row.followers,
      following: row.following,
      views: row.views,
    },
    version: Number(row.version),
  }));
}
