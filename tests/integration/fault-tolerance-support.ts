import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { badgesSchema, type Badges } from '../../shared/badges';
import { SOCKET_EVENTS } from '../../shared/realtime';
import { sessionCookie, TEST_PASSWORD } from '../support/factories';
import { checkRemoteAnswer, watchRemoteServer } from '../support/response-checks';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { serverArgs } from '../support/server-bundle';
import { freePort } from '../support/free-port';

/**
 * What the fault-tolerance tests share: real server processes (`node --import tsx
 * server/main.ts`, as production runs it) that a test can kill -9 and start again, members and
 * their requests over plain HTTP (a process's URL changes as it is killed and replaced), and a
 * member's client that keeps its badges the way the web client does.
 */

const root = path.resolve(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every process started here, so that `stopAllNodes` leaves none behind after a failure. */
const started = new Set<NodeProcess>();

export class NodeProcess {
  private log = '';
  private readonly exited: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    const keep = (chunk: Buffer) => {
      // The tail is enough to explain a failure, and a long run must not hold every line.
      this.log = (this.log + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    void this.exited.then(() => started.delete(this));
    started.add(this);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The process's last log lines, for a failure message. */
  output(): string {
    return this.log;
  }

  /**
   * Starts a server process on `databaseUrl` and waits until `/readyz` answers 200. A port may be
   * given to start a replacement where its clients reconnect.
   */
  static async start(
    databaseUrl: string,
    { port, env = {} }: { port?: number; env?: Record<string, string> } = {},
  ): Promise<NodeProcess> {
    const listenOn = port ?? (await freePort());
    const child = spawn(process.execPath, serverArgs(root), {
      cwd: root,
      env: {
        ...process.env,
        // Jest's flags (--experimental-vm-modules) are not the server's.
        NODE_OPTIONS: '',
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        PORT: String(listenOn),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${listenOn}`,
        SERVE_WEB: 'false',
        ENABLE_TEST_ROUTES: 'true',
        LOG_LEVEL: 'warn',
        DB_POOL_SIZE: '8',
        EMAIL_WORKER: 'false',
        BACKUP_WORKER: 'false',
        // Every member here signs up from one address, far past the per-client hourly limit.
        SIGN_UPS_PER_CLIENT_PER_HOUR: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const node = new NodeProcess(child, listenOn);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (!node.running) {
        throw new Error(`server process exited during start-up:\n${node.output()}`);
      }
      if (Date.now() > deadline) {
        await node.kill('SIGKILL');
        throw new Error(`server process not ready within 60 s:\n${node.output()}`);
      }
      const ready = await fetch(`${node.url}/readyz`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ready) {
        await watchRemoteServer(node.url);
        return node;
      }
      await sleep(100);
    }
  }

  /** Sends `signal` and resolves once the process is gone. */
  async kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    if (this.running) this.child.kill(signal);
    await this.exited;
  }
}

/** Kills whatever a test left running (a failed assertion skips its own clean-up). */
export async function stopAllNodes(): Promise<void> {
  await Promise.all([...started].map((node) => node.kill('SIGKILL')));
}

/**
 * The file's own database for the server processes its tests start: made before the file's
 * tests; after them every process they left is killed and the database dropped.
 */
export function useNodesDatabase(): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await stopAllNodes();
    await database?.drop();
  });
  return () => database!;
}

export interface Member {
  id: string;
  username: string;
  cookie: string;
}

export interface Answer<T> {
  status: number;
  body: T;
}

/** An answer as the API document's check reads it. */
const answerOf = (method: string, path: string, res: Response, text: string) => ({
  method,
  path: path.split('?')[0]!,
  status: res.status,
  contentType: res.headers.get('content-type') ?? undefined,
  hasBody: text.length > 0,
  text,
});

/**
 * A request as `member` to `/api{path}` on the process at `url`; a dead process throws. The answer
 * is checked against the API document (a test fails on one it does not describe).
 */
export async function api<T = unknown>(
  url: string,
  member: Member | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  apiPath: string,
  body?: object,
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (member) headers.cookie = member.cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${url}/api${apiPath}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  checkRemoteAnswer(url, answerOf(method, `/api${apiPath}`, res, text));
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Like `api`, but anything other than `expected` is an error naming the answer. */
export async function apiExpect<T = unknown>(
  expected: number,
  ...args: Parameters<typeof api>
): Promise<T> {
  const answer = await api<T>(...args);
  if (answer.status !== expected) {
    throw new Error(
      `${args[2]} ${args[3]} answered ${answer.status}, not ${expected}: ${JSON.stringify(answer.body)}`,
    );
  }
  return answer.body;
}

let signedUp = 0;

export async function signUpMember(url: string, prefix = 'ft'): Promise<Member> {
  signedUp += 1;
  const username = `${prefix}_${process.pid}_${signedUp}`;
  const res = await fetch(`${url}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: TEST_PASSWORD }),
  });
  const text = await res.text();
  checkRemoteAnswer(url, answerOf('POST', '/api/auth/sign-up', res, text));
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${text}`);
  const { id } = JSON.parse(text) as { id: string };
  return { id, username, cookie: sessionCookie(res.headers.getSetCookie()) };
}

export function sameBadges(a: Badges | null, b: Badges | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A member's live client as the web client behaves: it subscribes to `badges` before it
 * connects, loads a snapshot (`GET /api/me/badges`) on every connect, and keeps whichever value
 * has the highest version. `lastPush` is the highest-versioned value that arrived as a push, so a
 * test can tell what pushes delivered from what snapshots did.
 */
export class MemberClient {
  socket: Socket | null = null;
  /** The URL of the process this client talks to now. */
  url = '';
  badges: Badges | null = null;
  lastPush: Badges | null = null;
  connects = 0;
  disconnects = 0;
  /** Snapshots loaded, one per connect once it has answered. */
  snapshots = 0;
  /** Failed snapshots: a connected client's snapshot must not fail. */
  readonly errors: string[] = [];

  constructor(readonly member: Member) {}

  /**
   * Connects to the process at `url` and resolves once connected and snapshotted. With
   * `reconnection`, socket.io retries the same URL after a drop as the web client does, every
   * client at the same moments (no jitter), and each connect loads a snapshot again.
   */
  connect(url: string, { reconnection = false }: { reconnection?: boolean } = {}): Promise<void> {
    this.url = url;
    const socket = connectSocket(url, {
      transports: ['websocket'],
      forceNew: true,
      extraHeaders: { cookie: this.member.cookie },
      reconnection,
      reconnectionDelay: 300,
      reconnectionDelayMax: 1000,
      randomizationFactor: 0,
    });
    this.socket = socket;
    socket.on(SOCKET_EVENTS.badges, (value: unknown) => {
      const pushed = badgesSchema.parse(value);
      if (!this.lastPush || pushed.version > this.lastPush.version) this.lastPush = pushed;
      this.keep(pushed);
    });
    socket.on('disconnect', () => {
      this.disconnects += 1;
    });
    return new Promise((resolve, reject) => {
      socket.on('connect', () => {
        this.connects += 1;
        void this.snapshot().then(resolve);
      });
      if (!reconnection) socket.once('connect_error', reject);
    });
  }

  private async snapshot(): Promise<void> {
    try {
      const res = await api<Badges>(this.url, this.member, 'GET', '/me/badges');
      if (res.status === 200) this.keep(badgesSchema.parse(res.body));
      else this.errors.push(`snapshot answered ${res.status}`);
    } catch (error) {
      this.errors.push(`snapshot failed: ${String(error)}`);
    }
    this.snapshots += 1;
  }

  private keep(value: Badges): void {
    if (!this.badges || value.version > this.badges.version) this.badges = value;
  }

  /** Resolves with the first push for which `accept` holds, from now on. */
  nextPush(accept: (value: Badges) => boolean): Promise<Badges> {
    const socket = this.socket!;
    return new Promise((resolve) => {
      const listener = (value: unknown) => {
        const pushed = badgesSchema.parse(value);
        if (!accept(pushed)) return;
        socket.off(SOCKET_EVENTS.badges, listener);
        resolve(pushed);
      };
      socket.on(SOCKET_EVENTS.badges, listener);
    });
  }

  close(): void {
    this.socket?.close();
    this.socket = null;
  }
}

/** `promise`, or an error naming `what` after `ms`: a lost push fails with its name, not a hang. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
