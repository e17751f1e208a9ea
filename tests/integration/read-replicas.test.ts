import pg from 'pg';
import pino from 'pino';
import request from 'supertest';
import type { Post } from '../../shared/posts';
import type { DatabaseStatus, ReadTargetStatus } from '../../shared/ops/database';
import { WAL_HEADER } from '../../shared/wal-position';
import type { RunningServer } from '../../server/server';
import { eventually } from '../support/eventually';
import { as, signUpMembers, type TestMember } from '../support/factories';
import { startStreamingPair, type StreamingPair } from '../support/streaming-replica';
import { startTestServer } from '../support/test-server';

/**
 * Read replicas on Postgres's own streaming replication: a real standby of a primary of this
 * file's own, two server processes' worth of server routing reads to it.
 */

/** Two Postgres processes and two servers on a busy two-core machine: minutes, not seconds. */
const STACK_TIME_LIMIT_MS = 240_000;
const RUN_TIME_LIMIT_MS = 600_000;

let pair: StreamingPair;
let a: RunningServer;
let b: RunningServer;
let owner: TestMember;
let ana: TestMember;
/** What server `a` logged, one JSON line each. */
const logged: string[] = [];
const loggedMessages = () => logged.map((line) => (JSON.parse(line) as { msg: string }).msg);

const replicaEnv = () => ({
  DATABASE_REPLICA_URLS: pair.replicaUrl,
  // Replay is paused for a while on purpose: the member's position, not the lag, decides.
  REPLICA_MAX_LAG_SECONDS: '3600',
  REPLICA_MAX_LAG_BYTES: String(1024 ** 3),
  REPLICA_RETRY_BASE_MS: '100',
  REPLICA_RETRY_MAX_MS: '1000',
});

beforeAll(async () => {
  pair = await startStreamingPair();
  a = await startTestServer(pair.primaryUrl, {
    env: replicaEnv(),
    logger: pino({ level: 'info' }, { write: (line: string) => void logged.push(line) }),
  });
  b = await startTestServer(pair.primaryUrl, { env: replicaEnv() });
  [owner, ana] = await signUpMembers(a, 2);
  expect(owner.role).toBe('owner');
}, STACK_TIME_LIMIT_MS);

afterAll(async () => {
  await pair?.resumeReplay().catch(() => undefined);
  await a?.close();
  await b?.close();
  await pair?.stop();
}, STACK_TIME_LIMIT_MS);

const statusOf = async (server: RunningServer): Promise<DatabaseStatus> =>
  (await as(server, owner).get('/monitoring/database').expect(200)).body as DatabaseStatus;

const targetOf = (status: DatabaseStatus, role: 'primary' | 'replica'): ReadTargetStatus =>
  status.targets.find((target) => target.role === role)!;

const reads = async (server: RunningServer) => {
  const status = await statusOf(server);
  return {
    primary: targetOf(status, 'primary').readsServed,
    replica: targetOf(status, 'replica').readsServed,
  };
};

/** Transactions the replica ran in the app's database, as its own statistics count them. */
async function replicaTransactions(): Promise<number> {
  const client = new pg.Client({ connectionString: pair.replicaUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ xacts: string }>(
      `select xact_commit + xact_rollback as xacts from pg_stat_database where datname = 'agora'`,
    );
    return Number(rows[0]!.xacts);
  } finally {
    await client.end();
  }
}

const replicaInRotation = (server: RunningServer) =>
  eventually(
    () => statusOf(server),
    (status) => targetOf(status, 'replica').inRotation,
  );

it('reports the replica on /readyz and in the monitoring console', async () => {
  await replicaInRotation(a);
  const ready = await request(a.url).get('/readyz').expect(200);
  expect(ready.body).toMatchObject({
    status: 'ready',
    replicas: [{ name: expect.stringContaining('127.0.0.1:'), inRotation: true }],
  });
  const status = await statusOf(a);
  expect(status.replicasConfigured).toBe(true);
  expect(status.targets.map((target) => target.role)).toEqual(['primary', 'replica']);
});

it(
  'lets one member read their own write 1,000 times in a row, on one process or two, while replay is paused for part of the run',
  async () => {
    await pair.caughtUp();
    const before = { a: await reads(a), b: await reads(b) };
    let seen = 0;
    let headerCarried = 0;
    for (let i = 0; i < 1000; i += 1) {
      if (i === 300) await pair.pauseReplay();
      if (i === 600) await pair.resumeReplay();
      // Every other pair reads through the other process, which knows the write only from the
      // position the answer's header carried back.
      const reader = i % 2 === 0 ? a : b;
      const written = await as(a, ana)
        .post('/posts', { title: `Pair ${i}`, content: 'Written, then read', status: 'published' })
        .expect(201);
      const position = written.headers[WAL_HEADER] as string | undefined;
      if (position) headerCarried += 1;
      const read = as(reader, ana).get(`/posts/${(written.body as Post).id}`);
      // The writing process remembers the member's position; the other learns it from the header.
      if (reader === b) void read.set(WAL_HEADER, position ?? '');
      const answer = await read;
      if (answer.status === 200 && (answer.body as Post).title === `Pair ${i}`) seen += 1;
    }
    expect(headerCarried).toBe(1000);
    expect(seen).toBe(1000);
    const after = { a: await reads(a), b: await reads(b) };
    // The replica served reads of the run (those made while replay went on), the primary the
    // rest (while it was paused, after the short wait).
    expect(after.a.replica + after.b.replica).toBeGreaterThan(before.a.replica + before.b.replica);
    expect(after.a.primary + after.b.primary).toBeGreaterThan(before.a.primary + before.b.primary);
  },
  RUN_TIME_LIMIT_MS,
);

it('serves feed, profile and search reads from the replica', async () => {
  await pair.caughtUp();
  await replicaInRotation(a);
  const reader = as(a, owner);
  const paths = {
    feed: '/feed',
    profile: `/users/${ana.id}`,
    search: '/search?q=pair',
  };
  const xactsBefore = await replicaTransactions();
  for (const [what, path] of Object.entries(paths)) {
    const before = await reads(a);
    for (let i = 0; i < 10; i += 1) await reader.get(path).expect(200);
    const after = await reads(a);
    expect({ what, replica: after.replica > before.replica }).toEqual({ what, replica: true });
    expect({ what, primary: after.primary - before.primary }).toEqual({ what, primary: 0 });
  }
  // The replica's own statistics agree: at least one transaction per read (they reach
  // pg_stat_database within a second or so).
  await eventually(replicaTransactions, (now) => now - xactsBefore >= 30);
});

it(
  'loses no request when the replica stops mid-run, reads move to the primary, and come back when it starts again',
  async () => {
    await replicaInRotation(a);
    const failures: string[] = [];
    let running = true;
    const load = (async () => {
      let i = 0;
      while (running) {
        i += 1;
        const answers = await Promise.all([
          as(a, ana).get('/feed'),
          as(a, owner).get(`/users/${ana.id}`),
          as(b, owner).get('/search?q=pair'),
          i % 5 === 0
            ? as(a, ana).post('/posts', {
                title: `During ${i}`,
                content: 'Meanwhile',
                status: 'published',
              })
            : as(b, ana).get('/posts/mine'),
        ]);
        for (const answer of answers)
          if (answer.status >= 300) failures.push(`${answer.status} ${answer.text}`);
      }
    })();

    await new Promise((resolve) => setTimeout(resolve, 1000));
    await pair.stopReplica();
    const down = await eventually(
      () => statusOf(a),
      (status) => !targetOf(status, 'replica').inRotation,
    );
    expect(targetOf(down, 'replica').reason).toMatch(/not answering/);
    const whileDown = await reads(a);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const laterDown = await reads(a);
    expect(laterDown.primary).toBeGreaterThan(whileDown.primary);
    expect(laterDown.replica).toBe(whileDown.replica);
    const ready = await request(a.url).get('/readyz').expect(200);
    expect(ready.body.replicas[0].inRotation).toBe(false);

    await pair.startReplica();
    await replicaInRotation(a);
    const back = await reads(a);
    await eventually(
      () => reads(a),
      (now) => now.replica > back.replica,
    );
    running = false;
    const said = loggedMessages();
    const left = said.lastIndexOf('read replica left rotation');
    expect(left).toBeGreaterThanOrEqual(0);
    expect(said.indexOf('read replica in rotation', left)).toBeGreaterThan(left);
    await load;
    expect(failures).toEqual([]);
  },
  RUN_TIME_LIMIT_MS,
);
