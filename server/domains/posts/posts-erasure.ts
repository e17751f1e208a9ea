import { sql } from 'kysely';
import { statement, type Statement } from '../../db/statement';
import { eraseMemberTimeline } from './home-timeline';
import { deleteMemberSearchDocuments } from './post-search-document';

/**
 * A deleted member's posts, comments, likes and saves leave the read models, and the counts they
 * were part of on others' posts and comments drop by exactly what was removed (as the unlike and
 * comment-delete statements do). A comment of theirs takes its replies with it, as a deletion
 * does. Their own posts go last, with everything others left on them; first, while the posts
 * still say which they are, they leave every home timeline.
 */
export function eraseMemberPosts(userId: string): Statement[] {
  const member = sql`${userId}::uuid`;
  const theirPosts = sql`(select id from posts where author_id = ${member})`;
  return [
    ...eraseMemberTimeline(userId),
    statement(sql`with gone as (
        delete from comment_likes where user_id = ${member} returning comment_id
      ), n as (select comment_id, count(*)::int as n from gone group by comment_id)
      update comments c set likes_count = c.likes_count - n.n, version = c.version + 1
      from n where c.id = n.comment_id`),
    statement(sql`with gone as (
        delete from post_likes where user_id = ${member} returning post_id
      ), n as (select post_id, count(*)::int as n from gone group by post_id)
      update posts p set likes_count = p.likes_count - n.n, version = p.version + 1
      from n where p.id = n.post_id`),
    statement(sql`with recursive thread as (
        select id from comments where author_id = ${member}
        union
        select c.id from comments c join thread t on c.parent_id = t.id
      ), likes as (
        delete from comment_likes where comment_id in (select id from thread)
      ), gone as (
        delete from comments where id in (select id from thread) returning post_id
      ), n as (select post_id, count(*)::int as n from gone group by post_id)
      update posts p set comments_count = p.comments_count - n.n, version = p.version + 1
      from n where p.id = n.post_id`),
    statement(sql`delete from saved_posts where user_id = ${member}`),
    statement(sql`delete from post_grants where user_id = ${member}`),
    statement(sql`delete from post_grants where post_id in ${theirPosts}`),
    statement(sql`delete from comment_likes where post_id in ${theirPosts}`),
    statement(sql`delete from comments where post_id in ${theirPosts}`),
    statement(sql`delete from post_likes where post_id in ${theirPosts}`),
    statement(sql`delete from saved_posts where post_id in ${theirPosts}`),
    statement(sql`delete from post_media where post_id in ${theirPosts}`),
    deleteMemberSearchDocuments(userId),
    statement(sql`delete from posts where author_id = ${member}`),
    statement(sql`delete from post_numbers where author_id = ${member}`),
  ];
}

/**
 * Every member's total of likes received, recounted after a deleted member's likes went: which
 * authors they had liked is no longer in the read models, so all rows are locked (in id order,
 * as a single recount locks its one) and set again; only the ones that moved change version.
 */
export function recountLikesReceivedAfterErasure(userId: string): Statement[] {
  return [
    statement(sql`delete from likes_received where user_id = ${userId}::uuid`),
    statement(sql`select user_id from likes_received order by user_id for update`),
    statement(sql`
      update likes_received l set total = c.total, version = l.version + 1
      from (select l2.user_id, coalesce(sum(p.likes_count), 0)::int as total
            from likes_received l2 left join posts p on p.author_id = l2.user_id
            group by l2.user_id) c
      where l.user_id = c.user_id and l.total <> c.total`),
  ];
}
