import { sql } from 'kysely';
import { statement, type Statement } from '../../db/statement';

/**
 * A deleted member's discussions, replies, community posts, likes and views leave the read
 * models, as the posts domain removes their posts and comments. The counts they were part of on
 * others' rows drop by exactly what was removed; discussions whose last reply was theirs take
 * the last one left. Their own discussions and posts go with everything others left on them.
 * Views they gave stay counted, as post views do.
 */
export function eraseMemberCommunityContent(userId: string): Statement[] {
  const member = sql`${userId}::uuid`;
  const theirDiscussions = sql`(select id from discussions where author_id = ${member})`;
  const theirPosts = sql`(select id from community_posts where author_id = ${member})`;
  return [
    // Their likes of others' posts: the posts' counts and their authors' likes received.
    statement(sql`with gone as (
        delete from community_post_likes where user_id = ${member} returning post_id
      ), n as (select post_id, count(*)::int as n from gone group by post_id),
      posts as (
        update community_posts p set likes_count = p.likes_count - n.n, version = p.version + 1
        from n where p.id = n.post_id returning p.community_id, p.author_id, n.n
      ), received as (
        select community_id, author_id, sum(n)::int as n from posts group by 1, 2
      )
      update community_members m set likes_received = m.likes_received - r.n
      from received r where m.community_id = r.community_id and m.user_id = r.author_id`),
    // Their replies in others' discussions.
    statement(sql`with gone as (
        delete from discussion_replies where author_id = ${member} returning discussion_id
      ), n as (select discussion_id, count(*)::int as n from gone group by discussion_id)
      update discussions d set replies_count = d.replies_count - n.n, version = d.version + 1
      from n where d.id = n.discussion_id`),
    statement(sql`update discussions d set
        last_reply_author_id = last.author_id,
        last_reply_at = last.created_at,
        last_activity_at = coalesce(last.created_at, d.created_at),
        version = d.version + 1
      from discussions d2 left join lateral (
        select r.author_id, r.created_at from discussion_replies r where r.discussion_id = d2.id
        order by r.created_at desc, r.id desc limit 1) last on true
      where d.id = d2.id and d.last_reply_author_id = ${member}`),
    // Others' replies in their discussions, then the discussions themselves.
    statement(sql`with gone as (
        delete from discussion_replies where discussion_id in ${theirDiscussions}
        returning community_id, author_id
      ), n as (select community_id, author_id, count(*)::int as n from gone group by 1, 2)
      update community_members m set post_count = m.post_count - n.n
      from n where m.community_id = n.community_id and m.user_id = n.author_id`),
    statement(sql`delete from discussion_views where discussion_id in ${theirDiscussions}`),
    statement(sql`with gone as (
        delete from discussions where author_id = ${member} returning community_id
      ), n as (select community_id, count(*)::int as n from gone group by community_id)
      update communities c set discussion_count = c.discussion_count - n.n,
        version = c.version + 1
      from n where c.id = n.community_id`),
    statement(sql`delete from community_post_likes where post_id in ${theirPosts}`),
    statement(sql`with gone as (
        delete from community_posts where author_id = ${member} returning community_id
      ), n as (select community_id, count(*)::int as n from gone group by community_id)
      update communities c set post_count = c.post_count - n.n, version = c.version + 1
      from n where c.id = n.community_id`),
    statement(sql`delete from discussion_views where user_id = ${member}`),
    // Everything they wrote in any community is gone, and with it every like it held.
    statement(sql`update community_members set post_count = 0, likes_received = 0
      where user_id = ${member}`),
  ];
}
