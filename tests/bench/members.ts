import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { Badges } from '../../shared/badges';
import { SOCKET_EVENTS } from '../../shared/realtime';
import { SESSION_COOKIE } from '../../shared/constants';

/** Pushes as received, in order: parallel arrays keep 20 s of pushes cheap to record. */
export interface PushLog {
  versions: number[];
  receivedAt: number[];
  values: Badges[];
  /** The socket.io id of the socket each push arrived on (names a duplicate's socket). */
  socketIds: string[];
}

/** A connect, disconnect or failed handshake of one of a member's sockets. */
export interface SocketEvent {
  kind: 'connect' | 'disconnect' | 'connect_error';
  at: number;
  /** Which socket of the member: 1 for the first created, 2 after a retried handshake, ... */
  attempt: number;
  /** socket.io's id of the connection (set on connect, gone after a disconnect). */
  socketId: string | null;
  detail: string;
}

export interface Member {
  index: number;
  id: string;
  cookie: string;
  socket: Socket | null;
  /** The attempt number of `socket` (see SocketEvent.attempt). */
  attempt: number;
  /** Every connect, disconnect and failed handshake of this member's sockets, in order. */
  socketLog: SocketEvent[];
  /** Deliveries that arrived on a socket the member had already given up (none expected). */
  staleDeliveries: number;
  pushes: PushLog;
  /** What a client would show: the pushed value with the highest version, kept across phases. */
  latest: Badges | null;
}

/** A member with a session, as the socket helpers hold one, before any socket or push. */
export function asMember(signedIn: { id: string; cookie: string }, index: number): Member {
  return {
    index,
    id: signedIn.id,
    cookie: signedIn.cookie,
    socket: null,
    attempt: 0,
    socketLog: [],
    staleDeliveries: 0,
    pushes: { versions: [], receivedAt: [], values: [], socketIds: [] },
    latest: null,
  };
}
export function progress(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

/** Runs `task` over 0..count-1 with at most `concurrency` in flight. */
export async function mapLimit<T>(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

async function signUp(baseUrl: string, runId: string, index: number): Promise<Member> {
  const name = `b_${runId}_${index}`;
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${baseUrl}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: name, email: `${name}@bench.test`, password: 'Bench1234' }),
    });
    const text = await res.text();
    if (res.status === 201) {
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      if (!cookie) throw new Error(`sign-up of ${name} set no session cookie`);
      const { id } = JSON.parse(text) as { id: string };
      return asMember({ id, cookie }, index);
    }
    // Registrations serialize on a lock; a transient 5xx under that contention is worth a retry.
    if (res.status < 500 || attempt >= 3) {
      throw new Error(`sign-up of ${name} answered ${res.status}: ${text.slice(0, 300)}`);
    }
  }
}

export async function createMembers(
  baseUrl: string,
  count: number,
  concurrency: number,
): Promise<Member[]> {
  const runId = randomBytes(4).toString('hex');
  const started = Date.now();
  let done = 0;
  return mapLimit(count, concurrency, async (index) => {
    const member = await signUp(baseUrl, runId, index);
    done += 1;
    if (done % 100 === 0 || done === count) {
      const rate = done / ((Date.now() - started) / 1000);
      progress(`signed up ${done}/${count} members (${rate.toFixed(1)}/s)`);
    }
    return member;
  });
}

/**
 * Extra listeners a scenario attaches to each member's socket before it connects. A listener
 * should record only when `isCurrent(member, socket)`: see `connect` below.
 */
export type SocketListeners = (socket: Socket, member: Member) => void;

/**
 * True when `socket` is the member's live socket. Every recording listener checks it, so that a
 * socket the member has given up (a handshake that failed or timed out and was retried) can
 * never add to the member's log, even if it were somehow still delivering; such deliveries are
 * counted in `staleDeliveries` instead of being mistaken for duplicates.
 */
export function isCurrent(member: Member, socket: Socket): boolean {
  if (member.socket === socket) return true;
  member.staleDeliveries += 1;
  return false;
}

/** Sockets whose listeners are attached: each socket gets them exactly once. */
const wired = new WeakSet<Socket>();

/**
 * Why the load generator cannot count one push twice (docs/performance.md, "Duplicates"):
 * - one socket per attempt, listeners attached once to it (`wired`), never to a reused socket;
 * - `reconnection: false`: a socket that drops stays down (a loss, not a second subscription);
 * - a retried handshake first strips the old socket's listeners and closes it, and the new
 *   socket becomes `member.socket` before it can connect; listeners also check `isCurrent`;
 * - connects, disconnects and failed handshakes are logged per member with their times, so a
 *   duplicate can be told apart from one delivered across a reconnection.
 */
function connect(
  baseUrl: string,
  member: Member,
  timeoutMs: number,
  listen?: SocketListeners,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = io(baseUrl, {
      transports: ['websocket'],
      extraHeaders: { cookie: member.cookie },
      // Without forceNew every io() to one URL shares a single Manager, hence a single session.
      forceNew: true,
      // A reconnect would hide a dropped socket behind a fresh snapshot; count drops instead.
      reconnection: false,
      timeout: timeoutMs,
    });
    member.attempt += 1;
    member.socket = socket;
    if (wired.has(socket)) throw new Error('a socket was wired twice');
    wired.add(socket);
    const attempt = member.attempt;
    // socket.io forgets the id as it reports a disconnect: remember it for the log.
    let lastId: string | null = null;
    const note = (kind: SocketEvent['kind'], detail: string) =>
      member.socketLog.push({ kind, at: Date.now(), attempt, socketId: lastId, detail });
    socket.on('connect', () => {
      lastId = socket.id ?? null;
      note('connect', '');
    });
    socket.on('disconnect', (reason) => note('disconnect', reason));
    socket.on('connect_error', (error) => note('connect_error', error.message));
    const log = member.pushes;
    socket.on(SOCKET_EVENTS.badges, (value: Badges) => {
      if (!isCurrent(member, socket)) return;
      log.receivedAt.push(Date.now());
      log.versions.push(value.version);
      log.values.push(value);
      log.socketIds.push(socket.id ?? '?');
      if (!member.latest || value.version > member.latest.version) member.latest = value;
    });
    listen?.(socket, member);
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) =>
      reject(new Error(`socket of member ${member.index}: ${error.message}`)),
    );
  });
}

/**
 * The member's socket events (connects, disconnects, failed handshakes) between two moments,
 * described, e.g. `disconnect "transport close" (socket 1, id abc) at 12:00:01.234`.
 */
export function socketEventsBetween(member: Member, from: number, to: number): string[] {
  return member.socketLog
    .filter((event) => event.at >= from && event.at <= to)
    .map(
      (event) =>
        `${event.kind}${event.detail ? ` "${event.detail}"` : ''} (socket ${event.attempt}` +
        `${event.socketId ? `, id ${event.socketId}` : ''}) at ${new Date(event.at).toISOString().slice(11, 23)}`,
    );
}

/**
 * True when the two arrivals fell on different sockets, or the member's socket connected or
 * disconnected between them.
 */
export function reconnectedBetween(
  member: Member,
  from: { at: number; socketId: string },
  to: { at: number; socketId: string },
): boolean {
  if (from.socketId !== to.socketId) return true;
  return member.socketLog.some(
    (event) => event.at >= from.at && event.at <= to.at && event.kind !== 'connect_error',
  );
}

export async function connectSockets(
  baseUrl: string,
  members: Member[],
  concurrency: number,
  listen?: SocketListeners,
): Promise<void> {
  let done = 0;
  await mapLimit(members.length, concurrency, async (index) => {
    const member = members[index]!;
    // A handshake can time out while the server is still busy with the others; try again.
    for (let attempt = 1; ; attempt++) {
      try {
        await connect(baseUrl, member, 20_000, listen);
        break;
      } catch (error) {
        // The abandoned socket loses its listeners first; disconnect() then closes its Manager
        // (its own, forceNew), which closes the engine and destroys the packet decoder, so nothing
        // more can arrive on it before the next socket is created.
        const abandoned = member.socket;
        abandoned?.removeAllListeners();
        abandoned?.disconnect();
        if (attempt >= 3) throw error;
      }
    }
    done += 1;
    if (done % 250 === 0 || done === members.length) {
      progress(`connected ${done}/${members.length} sockets`);
    }
  });
}

export function connectedCount(members: Member[]): number {
  return members.filter((m) => m.socket?.connected).length;
}

export function closeSockets(members: Member[]): void {
  for (const member of members) {
    member.socket?.removeAllListeners();
    member.socket?.disconnect();
  }
}

/** Disconnects of members' sockets logged since `since` (a socket that dropped during load). */
export function dropsSince(members: Member[], since: number): number {
  return members.reduce(
    (sum, m) => sum + m.socketLog.filter((e) => e.kind === 'disconnect' && e.at >= since).length,
    0,
  );
}
