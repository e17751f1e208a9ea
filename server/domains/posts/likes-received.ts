import { sql } from 'kysely';
import type { LikesReceived } from '../../../shared/posts/live';
import type { Db } from '../../db/schema';
import { qb, statement, type Statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';
import { recountLikesReceivedAfterErasure } from './posts-erasure';

/**
 * Adds what a like statement wrote to the author's total, creating their row on their first
 * like, and copies the total to their profile stats: the tail of the posts projection's
 * statement, after its `post` CTE, which answers the author of a post whose like row was just
 * inserted (`by` 1) or deleted (`by` -1), and nothing when it wrote none. It rides in that
 * statement because only that statement knows what it wrote; the update of the post's row comes
 * first, so the lock order is posts, this, then profile stats (every writer's order).
 */
export function addLikesReceived(by: 1 | -1) {
  return sql`, received as (
      insert into likes_received as l (user_id, total, version)
      select post.author_id, ${by}::int, 1 from post
      on conflict (user_id) do update set total = l.total + excluded.total, version = l.version + 1
      returning l.user_id, l.total
    )
    ${copyToProfileStats}`;
}

/**
 * The profile's own Total Likes (`profile_stats.likes`, which the profile-stats projection
 * recounts from this table on the rarer events) set from the row just written, in the same
 * statement: a like used to lock and recount it in two more statements of its own.
 */
const copyToProfileStats = sql`update profile_stats s set likes = received.total,
    version = s.version + 1
  from received where s.user_id = received.user_id and s.likes <> received.total`;

/**
 * Locks the author's row (creating it on their first like), then sets the total from the posts
 * as they are now, bumping `version` only when it moves. The lock is a statement of its own, so
 * the count starts after whoever held the row committed and sees what they wrote; every writer
 * changes the posts' rows before it takes this lock, so the lock order is always posts first.
 */
function recount(authorId: string): Statement[] {
  return [
    statement(
      qb
        .insertInto('likes_received')
        .values({ user_id: authorId })
        .onConflict((oc) => oc.column('user_id').doNothing()),
    ),
    statement(sql`select user_id from likes_received where user_id = ${authorId}::uuid for update`),
    statement(sql`
      update likes_received l set total = c.total, version = l.version + 1
      from (select coalesce(sum(likes_count), 0)::int as total from posts
        where author_id = ${authorId}::uuid) c
      where l.user_id = ${authorId}::uuid and l.total <> c.total`),
  ];
}

/**
 * The likes every member's posts hold in all (the profile's Total Likes), versioned for pushes.
 * A like or an unlike moves the total by what the posts projection's statement wrote
 * (`addLikesReceived`), so the 5,000th like of a post costs what the first did; a deleted post
 * or member, rare, recounts. Listed after the posts projection, so it counts what that one left.
 */
export const likesReceivedProjection: Projection = {
  name: 'likes-received',
  tables: ['likes_received'],
  handles: ['PostDeleted', 'AccountDeleted'],
  project(event) {
    switch (event.type) {
      case 'PostDeleted':
        return recount(event.data.authorId);
      case 'AccountDeleted':
        return recountLikesReceivedAfterErasure(event.data.userId);
      default:
        return [];
    }
  },
};

/** The sum of the likes on the member's posts, for the profile's Total Likes. */
export async function totalLikesReceived(db: Db, memberId: string): Promise<number> {
  return (await readLikesReceived(db, [memberId])).get(memberId)?.total ?? 0;
}

/** Each member's total with its version; a member nobody ever liked holds 0 at version 0. */
export async function readLikesReceived(
  db: Db,
  memberIds: readonly string[],
): Promise<Map<string, LikesReceived>> {
  const found = new Map<string, LikesReceived>(
    memberIds.map((id) => [id, { total: 0, version: 0 }]),
  );
  if (memberIds.length === 0) return found;
  const rows = await db
    .selectFrom('likes_received')
    .select(['user_id', 'total', 'version'])
    .where('user_id', 'in', [...memberIds])
    .execute();
  for (const row of rows) found.set(row.user_id, { total: row.total, version: row.version });
  return found;
}
