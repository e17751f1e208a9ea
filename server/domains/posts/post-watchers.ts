import { sql } from 'kysely';
import type { Server } from 'socket.io';
import type { ActiveSession } from '../../core/session';
import type { Db } from '../../db/schema';
import { watchRooms } from '../../realtime/watch-rooms';
import { blockedEitherWay, member, postVisible } from '../relations/relations-policy';

/**
 * Who watches which post lives in socket.io's rooms of this process: a socket watching a post
 * is in its room, and leaves it when the post leaves its screen, when the member may no longer
 * see it, or when the socket goes.
 */
export const postWatchRooms = watchRooms('post:');
export const postRoom = postWatchRooms.room;

export interface Watcher {
  socketId: string;
  userId: string;
}

/** The sockets of this process watching the post, each with its member. */
export function watchersOf(io: Server, postId: string): Watcher[] {
  const socketIds = io.sockets.adapter.rooms.get(postRoom(postId));
  if (!socketIds) return [];
  const watchers: Watcher[] = [];
  for (const socketId of socketIds) {
    const session = io.sockets.sockets.get(socketId)?.data.session as ActiveSession | undefined;
    if (session) watchers.push({ socketId, userId: session.userId });
  }
  return watchers;
}

export const isWatched = (io: Server, postId: string): boolean =>
  (io.sockets.adapter.rooms.get(postRoom(postId))?.size ?? 0) > 0;

/** Stops one socket's watch of a post: it may no longer see it. */
export function unwatch(io: Server, socketId: string, postId: string): void {
  void io.sockets.sockets.get(socketId)?.leave(postRoom(postId));
}

export const pairKey = (id: string, userId: string) => `${id}:${userId}`;

/** Of the posts, those the member may see now, in the order given. */
export async function visiblePostIds(
  db: Db,
  userId: string,
  postIds: readonly string[],
): Promise<string[]> {
  if (postIds.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    select p.id from posts p
    where p.id = any(${[...postIds]}::uuid[])
      and ${postVisible('p', member(userId))}`.execute(db);
  const visible = new Set(rows.map((row) => row.id));
  return postIds.filter((id) => visible.has(id));
}

/**
 * Of the (post, member) pairs, the keys (`pairKey`) of those where the member may see the post
 * now: friendships and blocks change while a post is on screen, so each push asks again.
 */
export async function visiblePairs(
  db: Db,
  pairs: readonly { id: string; userId: string }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const { rows } = await sql<{ post_id: string; user_id: string }>`
    select v.post_id, v.user_id
    from unnest(${pairs.map((p) => p.id)}::uuid[], ${pairs.map((p) => p.userId)}::uuid[])
      as v(post_id, user_id)
    join posts p on p.id = v.post_id
    where ${postVisible('p', sql.ref('v.user_id'))}`.execute(db);
  return new Set(rows.map((row) => pairKey(row.post_id, row.user_id)));
}

/**
 * Of the (comment, member) pairs, the keys of those the member's thread leaves out: the comment
 * or one it answers is by a member blocked either way, or was hidden or removed by a moderator
 * and is not the member's own (as `readComments` hides them).
 */
export async function hiddenCommentPairs(
  db: Db,
  pairs: readonly { id: string; userId: string }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const { rows } = await sql<{ comment_id: string; user_id: string }>`
    with recursive chain as (
      select c.id as comment_id, c.parent_id, c.author_id, c.moderation_state from comments c
      where c.id = any(${[...new Set(pairs.map((p) => p.id))]}::uuid[])
      union all
      select chain.comment_id, c.parent_id, c.author_id, c.moderation_state
      from comments c join chain on c.id = chain.parent_id
    )
    select distinct v.comment_id, v.user_id
    from unnest(${pairs.map((p) => p.id)}::uuid[], ${pairs.map((p) => p.userId)}::uuid[])
      as v(comment_id, user_id)
    join chain on chain.comment_id = v.comment_id
    where ${blockedEitherWay(sql.ref('chain.author_id'), sql.ref('v.user_id'))}
      or (chain.moderation_state <> 'visible' and chain.author_id <> v.user_id)`.execute(db);
  return new Set(rows.map((row) => pairKey(row.comment_id, row.user_id)));
}
