import { sql } from 'kysely';
import type { Server } from 'socket.io';
import type { ActiveSession } from '../../core/session';
import type { Db } from '../../db/schema';
import { watchRooms } from '../../realtime/watch-rooms';
import { member, profileReachable } from '../relations/relations-policy';

/**
 * Who watches which profile lives in socket.io's rooms of this process, as for posts: a socket
 * watching a profile is in its room, and leaves it when the profile leaves its screen, when the
 * member may no longer see it, or when the socket goes.
 */
const ROOM_PREFIX = 'profile:';
export const profileWatchRooms = watchRooms(ROOM_PREFIX);
export const profileRoom = profileWatchRooms.room;

/** Every profile a socket of this process watches. */
export function allWatchedProfiles(io: Server): string[] {
  return [...io.sockets.adapter.rooms.keys()]
    .filter((room) => room.startsWith(ROOM_PREFIX))
    .map((room) => room.slice(ROOM_PREFIX.length));
}

export const isProfileWatched = (io: Server, userId: string): boolean =>
  (io.sockets.adapter.rooms.get(profileRoom(userId))?.size ?? 0) > 0;

/** The sockets of this process watching the profile, each with its member. */
export function profileWatchers(
  io: Server,
  userId: string,
): { socketId: string; viewerId: string }[] {
  const socketIds = io.sockets.adapter.rooms.get(profileRoom(userId));
  if (!socketIds) return [];
  return [...socketIds].flatMap((socketId) => {
    const session = io.sockets.sockets.get(socketId)?.data.session as ActiveSession | undefined;
    return session ? [{ socketId, viewerId: session.userId }] : [];
  });
}

/** Of the profiles, those the member may open now, in the order given. */
export async function reachableProfiles(
  db: Db,
  viewerId: string,
  userIds: readonly string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    select u.id from users u
    where u.id = any(${[...userIds]}::uuid[])
      and ${profileReachable(sql.ref('u.id'), member(viewerId))}`.execute(db);
  const reachable = new Set(rows.map((row) => row.id));
  return userIds.filter((id) => reachable.has(id));
}

/** Of the (profile, viewer) pairs, the keys `profile:viewer` of those still reachable. */
export async function reachablePairs(
  db: Db,
  pairs: readonly { userId: string; viewerId: string }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const { rows } = await sql<{ user_id: string; viewer_id: string }>`
    select v.user_id, v.viewer_id
    from unnest(${pairs.map((p) => p.userId)}::uuid[], ${pairs.map((p) => p.viewerId)}::uuid[])
      as v(user_id, viewer_id)
    where ${profileReachable(sql.ref('v.user_id'), sql.ref('v.viewer_id'))}`.execute(db);
  return new Set(rows.map((row) => `${row.user_id}:${row.viewer_id}`));
}
