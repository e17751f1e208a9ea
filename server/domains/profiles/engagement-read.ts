import { sql } from 'kysely';
import type { Engagement } from '../../../shared/profiles';
import type { Db } from '../../db/schema';

/**
 * A member's engagement over the last `days` days, one point per day (UTC) with zeros where
 * nothing happened: posts published (as they stand now), likes and comments others gave their
 * posts, and new followers; with the profile's current stats.
 */
export async function readEngagement(db: Db, userId: string, days: number): Promise<Engagement> {
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
      select (published_at at time zone 'utc')::date as day, count(*) as n from posts
      where author_id = ${userId}::uuid and status = 'published' and deleted_at is null
        and published_at >= (select at from since)
      group by 1) p on p.day = days.day
    left join (
      select (pl.liked_at at time zone 'utc')::date as day, count(*) as n
      from post_likes pl join posts po on po.id = pl.post_id
      where po.author_id = ${userId}::uuid and pl.user_id <> ${userId}::uuid
        and pl.liked_at >= (select at from since)
      group by 1) l on l.day = days.day
    left join (
      select (cm.created_at at time zone 'utc')::date as day, count(*) as n
      from comments cm join posts po on po.id = cm.post_id
      where po.author_id = ${userId}::uuid and cm.author_id <> ${userId}::uuid
        and cm.created_at >= (select at from since)
      group by 1) c on c.day = days.day
    left join (
      select (created_at at time zone 'utc')::date as day, count(*) as n from follows
      where followee_id = ${userId}::uuid and created_at >= (select at from since)
      group by 1) f on f.day = days.day
    order by days.day`.execute(db);
  const stats = await db
    .selectFrom('profile_stats')
    .select(['posts', 'followers', 'following', 'likes', 'views'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    stats: stats ?? { posts: 0, followers: 0, following: 0, likes: 0, views: 0 },
    points: rows,
  };
}
