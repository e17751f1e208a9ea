import { sql } from 'kysely';
import type { Engagement } from '../../../shared/profiles';
import type { Db } from '../../db/schema';
import { member } from '../relations/relations-policy';
import { listedFollows, readViewerStats, visiblePublishedPost } from './profile-stats-read';

/**
 * A member's engagement over the last `days` days as `viewerId` may see it, one point per day
 * (UTC) with zeros where nothing happened: posts published (as they stand now) and the likes and
 * comments others gave them, of the posts the viewer may see, and new followers as the viewer's
 * list shows them; with the profile's current stats as the viewer sees them.
 */
export async function readEngagement(
  db: Db,
  userId: string,
  viewerId: string,
  days: number,
): Promise<Engagement> {
  const [owner, viewer] = [member(userId), member(viewerId)];
  const visible = visiblePublishedPost('vp', owner, viewer);
  const { rows } = await sql<{
    date: string;
    posts: number;
    likes: number;
    comments: number;
    followers: number;
  }>`
    with days as (
      select d::date as day
      from generate_series((now() at time zone 'utc')::date - ${days - 1}::int,
        (now() at time zone 'utc')::date, interval '1 day') d
    ),
    since as (select ((now() at time zone 'utc')::date - ${days - 1}::int)::timestamp at time zone 'utc' as at)
    select to_char(days.day, 'YYYY-MM-DD') as date,
      coalesce(p.n, 0)::int as posts, coalesce(l.n, 0)::int as likes,
      coalesce(c.n, 0)::int as comments, coalesce(f.n, 0)::int as followers
    from days
    left join (
      select (vp.published_at at time zone 'utc')::date as day, count(*) as n
      from posts vp where ${visible} and vp.published_at >= (select at from since)
      group by 1) p on p.day = days.day
    left join (
      select (pl.liked_at at time zone 'utc')::date as day, count(*) as n
      from post_likes pl join posts vp on vp.id = pl.post_id
      where ${visible} and pl.user_id <> ${owner} and pl.liked_at >= (select at from since)
      group by 1) l on l.day = days.day
    left join (
      select (cm.created_at at time zone 'utc')::date as day, count(*) as n
      from comments cm join posts vp on vp.id = cm.post_id
      where ${visible} and cm.author_id <> ${owner} and cm.created_at >= (select at from since)
      group by 1) c on c.day = days.day
    left join (
      select (lf.created_at at time zone 'utc')::date as day, count(*) as n
      from ${listedFollows(owner, viewer, 'followers')}
        and lf.created_at >= (select at from since)
      group by 1) f on f.day = days.day
    order by days.day`.execute(db);
  const [seen] = await readViewerStats(db, [{ userId, viewerId }]);
  return {
    stats: seen?.stats ?? { posts: 0, followers: 0, following: 0, likes: 0, views: 0 },
    points: rows,
  };
}
