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
}

export interface Member {
  index: number;
  id: string;
  cookie: string;
  socket: Socket | null;
  pushes: PushLog;
  /** What a client would show: the pushed value with the highest version, kept across phases. */
  latest: Badges | null;
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
      return {
        index,
        id,
        cookie,
        socket: null,
        pushes: { versions: [], receivedAt: [], values: [] },
        latest: null,
      };
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

/** Extra listeners a scenario attaches to each member's socket before it connects. */
export type SocketListeners = (socket: Socket, member: Member) => void;

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
    member.socket = socket;
    const log = member.pushes;
    socket.on(SOCKET_EVENTS.badges, (value: Badges) => {
      log.receivedAt.push(Date.now());
      log.versions.push(value.version);
      log.values.push(value);
      if (!member.latest || value.version > member.latest.version) member.latest = value;
    });
    listen?.(socket, member);
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) =>
      reject(new Error(`socket of member ${member.index}: ${error.message}`)),
    );
  });
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
        member.socket?.removeAllListeners();
        member.socket?.disconnect();
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
