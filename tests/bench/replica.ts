import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import type { DatabaseStatus } from '../../shared/ops/database';
import { DEFAULT_PROFILE_CARD_SETTINGS } from '../../shared/profiles/schemas';
import { parseLsn, WAL_HEADER } from '../../shared/wal-position';
import { startStreamingPair, type StreamingPair } from '../support/streaming-replica';
import { cpuMs } from './cpu';
import { seedFeed, type FeedSeed, type FeedSeedSize, type SeededMember } from './feed-seed';
import { HttpPool, type HttpResult } from './http-pool';
import { openLoop, type OpenLoopResult } from './load';
import { mapLimit, progress } from './members';
import { fmt, row, type Row, type Section } from './report';
import { freePort } from '../support/free-port';
import { startServer, type ServerProcess } from './server-process';
import { summarize } from './stats';

/** Issue #24's targets for the replica scenario. */
export const REPLICA_TARGETS = { replicaShare: 0.95, primaryCpuShare: 0.1, violations: 0 };

export interface ReplicaBenchSettings {
  repoRoot: string;
  dataDir: string;
  serverNodeArgs: string[];
  size: FeedSeedSize;
  /** Members whose sessions read, and the offered rate of their reads. */
  readers: number;
  rate: number;
  warmupMs: number;
  durationMs: number;
  /** The write load the replica's lag is measured under: one-to-one messages between friends. */
  messaging: { conversations: number; rate: number; durationMs: number };
  /** Members writing then reading back, each `pairs` times, during the messaging load. */
  readYourWrites: { members: number; pairs: number };
  /** Told of each server process started or stopped, for the bench's abort to stop it too. */
  onServer(server: ServerProcess, running: boolean): void;
}

const SAMPLE_MS = 10;
const IDLE_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');

/** The postmaster of the Postgres behind a connection string: the parent of a backend. */
async function postmasterOf(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const stat = readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } finally {
    await client.end();
  }
}

async function readTargets(server: ServerProcess, ownerCookie: string) {
  const res = await fetch(`${server.url}/api/monitoring/database`, {
    headers: { cookie: ownerCookie },
  });
  if (!res.ok) throw new Error(`GET /api/monitoring/database answered ${res.status}`);
  const status = (await res.json()) as DatabaseStatus;
  const reads = (role: 'primary' | 'replica') =>
    status.targets.filter((t) => t.role === role).reduce((sum, t) => sum + t.readsServed, 0);
  return { primary: reads('primary'), replica: reads('replica') };
}

interface ReadRun {
  result: OpenLoopResult;
  /** CPU per answered read, ms: the primary's Postgres, the replica's, the server process. */
  cpu: { primary: number; replica: number; server: number };
  /**
   * The primary's CPU per answered read less what it spends with no load at all (its background
   * work: checkpoints, autovacuum after the seed, the WAL sender, the processes' position polls),
   * measured over `IDLE_MS` just before the run.
   */
  primaryNetOfIdle: number;
  /** Answers that were not 200, by what was asked and the status. */
  refused: Map<string, number>;
  /** Reads the server sent to each target during the run (null without replicas). */
  served: { primary: number; replica: number } | null;
}

type ReadKind = 'mixed' | 'feed';

/**
 * An open-loop load of reads at `rate`: the first page of a reader's home feed, or for `mixed`
 * three in five feeds, one a member's profile, one a people search by part of a name.
 */
async function runReads(
  server: ServerProcess,
  pids: { primary: number; replica: number },
  readers: SeededMember[],
  ids: string[],
  kind: ReadKind,
  settings: ReplicaBenchSettings,
  ownerCookie: string | null,
): Promise<ReadRun> {
  const pool = new HttpPool('127.0.0.1', server.port, 32);
  const refused = new Map<string, number>();
  let n = 0;
  const send = async (http: HttpPool): Promise<HttpResult> => {
    // The reader moves on every request and the kind every fifth, so each reader asks each kind.
    const reader = readers[n % readers.length]!;
    const pick = kind === 'feed' ? 0 : Math.floor(n / readers.length) % 5;
    n += 1;
    const [what, path] =
      pick === 3
        ? ['profile', `/api/users/${ids[randomInt(ids.length)]}`]
        : pick === 4
          ? [
              'people search',
              `/api/search?type=people&q=${encodeURIComponent(`member ${randomInt(1000)}`)}`,
            ]
          : ['feed', '/api/feed?limit=20'];
    const result = await http.request('GET', path, undefined, reader.cookie);
    if (result.status !== 200) {
      const key = `${what} ${result.status}`;
      refused.set(key, (refused.get(key) ?? 0) + 1);
    }
    return result;
  };
  await openLoop({
    pool,
    rate: settings.rate,
    durationMs: settings.warmupMs,
    drainMs: 5000,
    send,
    okStatus: 200,
  });
  const idleFrom = cpuMs(pids.primary, true);
  await sleep(IDLE_MS);
  const idlePerMs = (cpuMs(pids.primary, true) - idleFrom) / IDLE_MS;
  const startedAt = performance.now();
  const before = {
    primary: cpuMs(pids.primary, true),
    replica: pids.replica ? cpuMs(pids.replica, true) : 0,
    server: cpuMs(server.pid),
    served: ownerCookie ? await readTargets(server, ownerCookie) : null,
  };
  const result = await openLoop({
    pool,
    rate: settings.rate,
    durationMs: settings.durationMs,
    drainMs: 10_000,
    send,
    okStatus: 200,
  });
  const after = {
    primary: cpuMs(pids.primary, true),
    replica: pids.replica ? cpuMs(pids.replica, true) : 0,
    server: cpuMs(server.pid),
    served: ownerCookie ? await readTargets(server, ownerCookie) : null,
  };
  const elapsedMs = performance.now() - startedAt;
  pool.close();
  const per = (ms: number) => ms / Math.max(1, result.ok);
  return {
    result,
    refused,
    primaryNetOfIdle: per(Math.max(0, after.primary - before.primary - idlePerMs * elapsedMs)),
    cpu: {
      primary: per(after.primary - before.primary),
      replica: per(after.replica - before.replica),
      server: per(after.server - before.server),
    },
    served:
      before.served && after.served
        ? {
            primary: after.served.primary - before.served.primary,
            replica: after.served.replica - before.served.replica,
          }
        : null,
  };
}

/**
 * The replica's lag while the primary takes writes: both positions sampled every 10 ms; for each
 * position the primary had written, the time until the replica had replayed it (an upper bound,
 * to the sampling interval), and the bytes between them at each sample.
 */
class LagSampler {
  private readonly written: { at: number; lsn: bigint }[] = [];
  private readonly replayed: { at: number; lsn: bigint }[] = [];
  private running = true;
  private loop: Promise<void> | null = null;

  constructor(private readonly pair: StreamingPair) {}

  start(): void {
    this.loop = (async () => {
      const primary = new pg.Client({ connectionString: this.pair.primaryUrl });
      const replica = new pg.Client({ connectionString: this.pair.replicaUrl });
      await Promise.all([primary.connect(), replica.connect()]);
      try {
        while (this.running) {
          const [w, r] = await Promise.all([
            primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'),
            replica.query<{ lsn: string }>('select pg_last_wal_replay_lsn()::text as lsn'),
          ]);
          const at = performance.now();
          this.written.push({ at, lsn: parseLsn(w.rows[0]!.lsn)! });
          this.replayed.push({ at, lsn: parseLsn(r.rows[0]!.lsn)! });
          await sleep(SAMPLE_MS);
        }
      } finally {
        await Promise.all([primary.end(), replica.end()]);
      }
    })();
  }

  async stop(): Promise<{ lagMs: number[]; lagBytes: number[] }> {
    this.running = false;
    await this.loop;
    const lagMs: number[] = [];
    let j = 0;
    for (const w of this.written) {
      while (j < this.replayed.length && this.replayed[j]!.lsn < w.lsn) j += 1;
      if (j === this.replayed.length) break;
      lagMs.push(Math.max(0, this.replayed[j]!.at - w.at));
    }
    const lagBytes = this.written.map((w, i) =>
      Math.max(0, Number(w.lsn - (this.replayed[i]?.lsn ?? w.lsn))),
    );
    return { lagMs, lagBytes };
  }
}

/**
 * The feed's seed writes members without the profile row sign-up gives them (its scenarios never
 * open a profile); this one reads profiles, so each seeded member gets the new-profile defaults.
 */
async function seedProfiles(pair: StreamingPair): Promise<void> {
  const client = new pg.Client({ connectionString: pair.primaryUrl });
  await client.connect();
  try {
    await client.query(
      `insert into profiles (user_id, card_settings, updated_at)
       select id, $1::jsonb, created_at from users on conflict (user_id) do nothing`,
      [JSON.stringify(DEFAULT_PROFILE_CARD_SETTINGS)],
    );
  } finally {
    await client.end();
  }
}

/** Friend pairs of the seed, each a conversation started through the API. */
async function startConversations(
  server: ServerProcess,
  pair: StreamingPair,
  seed: FeedSeed,
  count: number,
  taken: Set<string>,
): Promise<{ cookie: string; conversationId: string }[]> {
  const client = new pg.Client({ connectionString: pair.primaryUrl });
  await client.connect();
  const { rows } = await client.query<{ user_id: string; friend_id: string }>(
    `select user_id, friend_id from friendships where user_id < friend_id
     order by random() limit $1`,
    [count * 4],
  );
  await client.end();
  const numberOf = new Map(seed.ids.map((id, n) => [id, n]));
  const chosen: { from: number; to: string }[] = [];
  const used = new Set(taken);
  for (const { user_id, friend_id } of rows) {
    if (chosen.length === count) break;
    if (used.has(user_id) || used.has(friend_id)) continue;
    used.add(user_id);
    used.add(friend_id);
    chosen.push({ from: numberOf.get(user_id)!, to: friend_id });
  }
  const senders = await seed.withSession(chosen.map((c) => c.from));
  return mapLimit(chosen.length, 8, async (i) => {
    const { to } = chosen[i]!;
    const cookie = senders[i]!.cookie;
    const res = await fetch(`${server.url}/api/conversations`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ participantId: to }),
    });
    if (res.status >= 300) throw new Error(`starting a conversation answered ${res.status}`);
    return { cookie, conversationId: ((await res.json()) as { id: string }).id };
  });
}

/**
 * Members write a post on one server process and read their posts back at once on another,
 * carrying the write's WAL position in the header as the web client does: a read that does not
 * list the post just written is a violation.
 */
async function readYourWrites(
  writer: ServerProcess,
  reader: ServerProcess,
  members: SeededMember[],
  pairs: number,
): Promise<{ pairs: number; violations: number; missingHeader: number; readMs: number[] }> {
  let violations = 0;
  let missingHeader = 0;
  let done = 0;
  const readMs: number[] = [];
  await Promise.all(
    members.map(async (member) => {
      let position: string | null = null;
      for (let i = 0; i < pairs; i++) {
        const headers: Record<string, string> = {
          cookie: member.cookie,
          'content-type': 'application/json',
        };
        if (position) headers[WAL_HEADER] = position;
        const written = await fetch(`${writer.url}/api/posts`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            title: `Replica check ${i}`,
            content: 'Written on one process, read back on another.',
            status: 'published',
            visibility: 'public',
          }),
        });
        if (written.status !== 201) throw new Error(`publishing answered ${written.status}`);
        const { id } = (await written.json()) as { id: string };
        const said = written.headers.get(WAL_HEADER);
        if (said) position = said;
        else missingHeader += 1;
        const readAt = performance.now();
        const read = await fetch(`${reader.url}/api/users/${member.id}/posts?limit=5`, {
          headers: { cookie: member.cookie, ...(position ? { [WAL_HEADER]: position } : {}) },
        });
        readMs.push(performance.now() - readAt);
        const page = (await read.json()) as { posts?: { id: string }[] };
        if (read.status !== 200 || !page.posts?.some((post) => post.id === id)) violations += 1;
        done += 1;
      }
    }),
  );
  return { pairs: done, violations, missingHeader, readMs };
}

export interface ReplicaBenchResult {
  sections: Section[];
  missed: string[];
}

/**
 * `BENCH_SCENARIOS=replica` (issue #24): a Postgres primary and a streaming replica of it
 * (tests/support/streaming-replica.ts), the community seeded on the primary, and server
 * processes reading through the replica. Measures the share of reads the replica serves, the
 * primary's CPU per feed page with and without the replica, the replica's lag under a messaging
 * load, and reads that missed their member's own write.
 */
export async function runReplicaBench(settings: ReplicaBenchSettings): Promise<ReplicaBenchResult> {
  progress('replica: starting a primary and a streaming replica');
  const pair = await startStreamingPair();
  const servers: ServerProcess[] = [];
  const start = async (withReplica: boolean) => {
    const server = await startServer({
      repoRoot: settings.repoRoot,
      dataDir: settings.dataDir,
      databaseUrl: pair.primaryUrl,
      // Unused: the server is given the pair's primary.
      embeddedPgPort: await freePort(),
      nodeArgs: settings.serverNodeArgs,
      env: withReplica ? { DATABASE_REPLICA_URLS: pair.replicaUrl } : {},
    });
    servers.push(server);
    settings.onServer(server, true);
    return server;
  };
  const stop = async (server: ServerProcess) => {
    await server.stop();
    servers.splice(servers.indexOf(server), 1);
    settings.onServer(server, false);
  };
  try {
    let server = await start(true);
    const { size } = settings;
    progress(`replica: seeding ${fmt.int(size.members)} members and ${fmt.int(size.posts)} posts`);
    const seed = await seedFeed(pair.primaryUrl, size);
    await seedProfiles(pair);
    const replayStarted = performance.now();
    await pair.caughtUp(60 * 60_000);
    const replaySeconds = (performance.now() - replayStarted) / 1000;
    const pids = {
      primary: await postmasterOf(pair.primaryUrl),
      replica: await postmasterOf(pair.replicaUrl),
    };

    const [owner] = await seed.withSession([0]);
    const role = await fetch(`${server.url}/api/test/users/${owner!.id}/role`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'owner' }),
    });
    if (!role.ok) throw new Error(`making the owner answered ${role.status}`);
    const readerNumbers = Array.from({ length: settings.readers }, (_, i) => 1 + i);
    const readers = await seed.withSession(readerNumbers);

    progress(`replica: mixed reads through the replica at ${settings.rate}/s (load ${load()})`);
    const mixed = await runReads(server, pids, readers, seed.ids, 'mixed', settings, owner!.cookie);
    progress(`replica: feed pages through the replica (load ${load()})`);
    const withReplica = await runReads(server, pids, readers, seed.ids, 'feed', settings, null);
    await stop(server);
    server = await start(false);
    progress(`replica: feed pages on the primary alone (load ${load()})`);
    const withoutReplica = await runReads(
      server,
      { primary: pids.primary, replica: 0 },
      readers,
      seed.ids,
      'feed',
      settings,
      null,
    );
    await stop(server);

    // Writes on one process, their read-backs on another: the header carries the position.
    server = await start(true);
    const other = await start(true);
    const rywMembers = await seed.withSession(
      Array.from({ length: settings.readYourWrites.members }, (_, i) => 1 + settings.readers + i),
    );
    const conversations = await startConversations(
      server,
      pair,
      seed,
      settings.messaging.conversations,
      new Set([...readers, ...rywMembers].map((m) => m.id)),
    );
    progress(
      `replica: ${settings.messaging.rate} messages/s with the lag sampled, and ` +
        `${settings.readYourWrites.members} members writing then reading (load ${load()})`,
    );
    const sampler = new LagSampler(pair);
    sampler.start();
    const pool = new HttpPool('127.0.0.1', server.port, 32);
    let sent = 0;
    const messagesRefused = new Map<string, number>();
    const [messages, ryw] = await Promise.all([
      openLoop({
        pool,
        rate: settings.messaging.rate,
        durationMs: settings.messaging.durationMs,
        drainMs: 10_000,
        okStatus: 201,
        send: async (http) => {
          const { cookie, conversationId } = conversations[sent++ % conversations.length]!;
          const result = await http.request(
            'POST',
            `/api/conversations/${conversationId}/messages`,
            JSON.stringify({ content: `Message ${sent}` }),
            cookie,
          );
          if (result.status !== 201) {
            const key = `message ${result.status}`;
            messagesRefused.set(key, (messagesRefused.get(key) ?? 0) + 1);
          }
          return result;
        },
      }),
      readYourWrites(server, other, rywMembers, settings.readYourWrites.pairs),
    ]);
    pool.close();
    const lag = await sampler.stop();
    await stop(other);
    await stop(server);

    const sections = [
      report(settings, {
        seed,
        replaySeconds,
        mixed,
        withReplica,
        withoutReplica,
        messages,
        lag,
        ryw,
        messagesRefused,
      }),
    ];
    const missed = sections[0]!.rows!.filter((r) => r.result === 'FAIL').map((r) => r.metric);
    return { sections, missed };
  } finally {
    for (const server of [...servers]) {
      await server.stop();
      settings.onServer(server, false);
    }
    await pair.stop();
  }
}

function report(
  settings: ReplicaBenchSettings,
  m: {
    seed: FeedSeed;
    replaySeconds: number;
    mixed: ReadRun;
    withReplica: ReadRun;
    withoutReplica: ReadRun;
    messages: OpenLoopResult;
    lag: { lagMs: number[]; lagBytes: number[] };
    ryw: Awaited<ReturnType<typeof readYourWrites>>;
    messagesRefused: Map<string, number>;
  },
): Section {
  const { size } = settings;
  const served = m.mixed.served ?? { primary: 0, replica: 0 };
  const share = served.replica / Math.max(1, served.primary + served.replica);
  const rawShare = m.withReplica.cpu.primary / Math.max(1e-9, m.withoutReplica.cpu.primary);
  const cpuShare =
    m.withReplica.primaryNetOfIdle / Math.max(1e-9, m.withoutReplica.primaryNetOfIdle);
  const latency = (run: ReadRun) => {
    const s = summarize(run.result.latenciesMs);
    return `${fmt.ms(s.p50)} / ${fmt.ms(s.p99)}`;
  };
  const failed = (run: ReadRun) => run.result.errors + run.result.unanswered;
  const lagMs = summarize(m.lag.lagMs);
  const lagBytes = summarize(m.lag.lagBytes);
  const messageLatency = summarize(m.messages.latenciesMs);
  const rows: Row[] = [
    row(
      'seeded on the primary: members / posts; replica caught up after the seed',
      size.posts,
      `${fmt.int(size.members)} / ${fmt.int(size.posts)} in ${m.seed.seconds.toFixed(0)} s; ` +
        `replayed ${m.replaySeconds.toFixed(0)} s later`,
    ),
    row(
      `reads served by the replica (feed 3 : profile 1 : people search 1, ${settings.rate}/s)`,
      share,
      `${(share * 100).toFixed(1)}% (${fmt.int(served.replica)} of ${fmt.int(
        served.primary + served.replica,
      )}), ${failed(m.mixed)} failed`,
      {
        text: `≥ ${REPLICA_TARGETS.replicaShare * 100}%`,
        met: share >= REPLICA_TARGETS.replicaShare && failed(m.mixed) === 0,
      },
    ),
    row(
      `primary's Postgres CPU per feed page, with / without the replica (${settings.rate}/s): net of its idle CPU; all of it`,
      cpuShare,
      `${m.withReplica.primaryNetOfIdle.toFixed(3)} / ${m.withoutReplica.primaryNetOfIdle.toFixed(
        3,
      )} ms (${(cpuShare * 100).toFixed(1)}%); ${m.withReplica.cpu.primary.toFixed(
        3,
      )} / ${m.withoutReplica.cpu.primary.toFixed(3)} ms (${(rawShare * 100).toFixed(1)}%)`,
      {
        text: `≤ ${REPLICA_TARGETS.primaryCpuShare * 100}% of without`,
        met: cpuShare <= REPLICA_TARGETS.primaryCpuShare,
      },
    ),
    row(
      "replica's Postgres CPU per feed page; server CPU per page, with / without",
      m.withReplica.cpu.replica,
      `${m.withReplica.cpu.replica.toFixed(3)} ms; ${m.withReplica.cpu.server.toFixed(
        3,
      )} / ${m.withoutReplica.cpu.server.toFixed(3)} ms`,
    ),
    row(
      'feed page p50 / p99, with / without the replica',
      summarize(m.withReplica.result.latenciesMs).p99,
      `${latency(m.withReplica)}, ${latency(m.withoutReplica)} ms; failed ${failed(
        m.withReplica,
      )} / ${failed(m.withoutReplica)}`,
    ),
    row(
      `replica lag under ${settings.messaging.rate} messages/s: p50 / p99 / max`,
      lagMs.p99,
      `${fmt.ms(lagMs.p50)} / ${fmt.ms(lagMs.p99)} / ${fmt.ms(lagMs.max)} ` +
        `(sampled every ${SAMPLE_MS} ms); bytes p99 ${fmt.int(lagBytes.p99)}`,
    ),
    row(
      'messages: sent / failed; HTTP p99',
      m.messages.ok,
      `${fmt.int(m.messages.ok)} / ${m.messages.errors + m.messages.unanswered}; ` +
        `${fmt.ms(messageLatency.p99)}`,
    ),
    row(
      `read-your-writes: reads missing the member's own write (${settings.readYourWrites.members} members, written on one process, read on another)`,
      m.ryw.violations,
      `${m.ryw.violations} of ${fmt.int(m.ryw.pairs)} (read p99 ${fmt.ms(
        summarize(m.ryw.readMs).p99,
      )}; writes without a position ${m.ryw.missingHeader})`,
      { text: '0', met: m.ryw.violations === REPLICA_TARGETS.violations && m.ryw.pairs > 0 },
    ),
  ];
  return {
    title: `Read replica — ${fmt.int(size.members)} members, ${fmt.int(size.posts)} posts`,
    rows,
    notes: [
      'A primary and a streaming replica of it on this machine (both embedded Postgres 18, the ' +
        "replica a copy of the primary's stopped cluster, streaming its WAL). The CPU of each is " +
        'its postmaster and every backend; the server process, the load generator and both ' +
        'Postgres share the two cores, so the replica takes CPU from the same machine.',
      `Refused reads: ${
        [...[m.mixed, m.withReplica, m.withoutReplica].map((run) => run.refused), m.messagesRefused]
          .flatMap((refused) => [...refused].map(([key, count]) => `${key}: ${count}`))
          .join(', ') || 'none'
      }.`,
      `Load average at the end: ${load()}.`,
    ],
  };
}
