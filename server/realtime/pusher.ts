import type { Server } from 'socket.io';
import type { Db } from '../db/schema';
import type { StoredEvent } from '../eventstore/stored-event';

/**
 * Turns newly committed events into socket pushes for this process's own sockets. Every process
 * tails the log itself, so pushers emit only locally (`io.local`), never across nodes.
 */
export interface Pusher {
  name: string;
  push(events: StoredEvent[], io: Server, db: Db): Promise<void>;
  /** Pushes it holds back to send later (coalesced per window) are dropped; runs in flight end. */
  stop?(): Promise<void>;
}

export const userRoom = (userId: string) => `user:${userId}`;
/** A session's sockets, or those opened with one API token (its id): closed when it ends. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/**
 * A member's messages and typing: their sessions' sockets and those of tokens with the
 * `messages` scope join it, so a token that may only read never hears a private message.
 */
export const messagesRoom = (userId: string) => `messages:${userId}`;
export const OPS_ROOM = 'ops';
/** Moderators' and owners' sockets: the moderation queue and audit list are pushed here. */
export const MODERATION_ROOM = 'moderation';

/** The roles whose sockets join the moderation room. */
export const moderates = (role: string): boolean => role === 'moderator' || role === 'owner';

/** Whether the member has a socket in this process: only they are worth reading a push for. */
export function isHere(io: Server, userId: string): boolean {
  return (io.sockets.adapter.rooms.get(userRoom(userId))?.size ?? 0) > 0;
}
