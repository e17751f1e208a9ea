import { sql } from 'kysely';
import type { EventType } from '../../../shared/events';
import { qb, statement, type Statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';
import { positionOf } from '../posts/feed-order';

const handled = [
  'PostReposted',
  'RepostUndone',
  'PostQuoted',
  'PostTrashed',
  'PostUntrashed',
  'PostDeleted',
  'AccountDeleted',
] as const satisfies readonly EventType[];

/**
 * Reposts (`reposts`, each sorted into feeds by its log position) and quotes (`post_quotes`),
 * with their counts on the original's row, moved by exactly the rows written as the posts
 * projection moves likes (its version rises, so a push carries the new count). A quote in the
 * trash keeps its row, marked not `counted`, and counts again if it comes back. The rows of posts
 * belong to the posts projection, which empties them before a rebuild; this one runs after it and
 * writes the counts back from the events.
 */
export const repostsProjection: Projection = {
  name: 'reposts',
  tables: ['reposts', 'post_quotes'],
  handles: handled,
  project(event): Statement[] {
    switch (event.type) {
      case 'PostReposted': {
        const { postId, userId } = event.data;
        return [
          statement(sql`with changed as (
              insert into reposts (post_id, member_id, reposted_at, feed_seq)
              select ${postId}::uuid, ${userId}::uuid, ${event.occurredAt}::timestamptz,
                ${positionOf(event)}
              where exists (select 1 from posts where id = ${postId}::uuid)
              on conflict do nothing returning 1)
            update posts set reposts_count = reposts_count + (select count(*) from changed)::int,
              version = version + 1
            where id = ${postId}::uuid and exists (select 1 from changed)`),
        ];
      }
      case 'RepostUndone': {
        const { postId, userId } = event.data;
        return [
          statement(sql`with changed as (
              delete from reposts where post_id = ${postId}::uuid and member_id = ${userId}::uuid
              returning 1)
            update posts set reposts_count = reposts_count - (select count(*) from changed)::int,
              version = version + 1
            where id = ${postId}::uuid and exists (select 1 from changed)`),
        ];
      }
      case 'PostQuoted': {
        const { postId, quotePostId } = event.data;
        return [
          statement(sql`with changed as (
              insert into post_quotes (quote_id, quoted_id)
              values (${quotePostId}::uuid, ${postId}::uuid)
              on conflict do nothing returning 1)
            update posts set quotes_count = quotes_count + (select count(*) from changed)::int,
              version = version + 1
            where id = ${postId}::uuid and exists (select 1 from changed)`),
        ];
      }
      case 'PostTrashed':
      case 'PostUntrashed': {
        const counted = event.type === 'PostUntrashed';
        return [
          statement(sql`with changed as (
              update post_quotes set counted = ${counted}
              where quote_id = ${event.data.postId}::uuid and counted <> ${counted}
              returning quoted_id)
            update posts p set quotes_count = quotes_count + ${counted ? 1 : -1},
              version = version + 1
            from changed where p.id = changed.quoted_id`),
        ];
      }
      case 'PostDeleted': {
        const { postId } = event.data;
        // An original's reposts go with it; its quotes stay, to read "This post is unavailable".
        return [
          statement(qb.deleteFrom('reposts').where('post_id', '=', postId)),
          statement(sql`with gone as (
              delete from post_quotes where quote_id = ${postId}::uuid
              returning quoted_id, counted)
            update posts p set quotes_count = quotes_count - 1, version = version + 1
            from gone where p.id = gone.quoted_id and gone.counted`),
        ];
      }
      case 'AccountDeleted': {
        const member = sql`${event.data.userId}::uuid`;
        // The member's posts are gone by now (the posts projection ran first): so are their
        // quotes, whose originals count one fewer, and the reposts of their posts.
        return [
          statement(sql`with gone as (
              delete from reposts where member_id = ${member} returning post_id)
            update posts p set reposts_count = reposts_count - 1, version = version + 1
            from gone where p.id = gone.post_id`),
          statement(sql`delete from reposts r
            where not exists (select 1 from posts p where p.id = r.post_id)`),
          statement(sql`with gone as (
              delete from post_quotes q
              where not exists (select 1 from posts p where p.id = q.quote_id)
              returning quoted_id, counted),
            counted as (select quoted_id, count(*)::int as n from gone where counted
              group by quoted_id)
            update posts p set quotes_count = quotes_count - counted.n, version = version + 1
            from counted where p.id = counted.quoted_id`),
        ];
      }
      default:
        return [];
    }
  },
};
