/**
 * `npm run bench`: the live-badge push benchmark of issue "1,000 sockets, one server process".
 * Prints one table and exits 0 whatever the verdicts: it is a report, not a gate.
 *
 * Environment (all optional):
 *   BENCH_RATE             steady commands/s; unset = chosen from the baselines and a capacity probe
 *   BENCH_MEMBERS          members, one socket each (1000)
 *   BENCH_DURATION_S       length of the steady load (20)
 *   BENCH_CONNECTIONS      keep-alive connections of the load generator (64)
 *   BENCH_INSERT_CLIENTS   concurrent clients of the bare insert baseline (20)
 *   BENCH_DATABASE_URL     use this Postgres instead of the server's embedded one; with
 *                          pg_stat_statements loaded, the hot post prints its storm's statements
 *   BENCH_DATABASE_POSTMASTER_PID that Postgres's postmaster, to count its CPU
 *   BENCH_OUT              also write the table as JSON to this path
 *   BENCH_SERVER_NODE_ARGS extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p"
 *   BENCH_SCENARIOS        which to run, comma-separated: badges, messaging, roundtrips, backup, files,
 *                          feed, content, community, search, web, replica (all but the last four)
 *   BENCH_WEB_RUNS         Lighthouse runs per page in the web scenario, the median reported (3)
 *   BENCH_WEB_PAGES        only these pages of the web scenario: login, root, home, messages, post (all)
 *   BENCH_WEB_CHROME       the Chromium Lighthouse drives (/usr/bin/chromium)
 *   BENCH_WEB_SAVE         a folder to write each Lighthouse report (JSON) into
 *   BENCH_MESSAGING_MEMBERS members in the messaging scenario, two per conversation (500)
 *   BENCH_MESSAGING_RATE   combined messages/s (300)
 *   BENCH_MESSAGING_RUNS   steady runs of the messaging scenario, one row each (5)
 *   BENCH_RT_CLIENTS       concurrency levels of the round-trip strategy scenario ("16,64")
 *   BENCH_RT_SECONDS       measured seconds per strategy cell, after 1 s of warm-up (5)
 *   BENCH_RT_WRITERS       commit batching: transactions in flight at once (4)
 *   BENCH_BACKUP_EVENTS    events in the backup scenario (1000000); BENCH_SCENARIOS=backup runs it
 *   BENCH_FILES_BYTES      size of the upload in the files scenario (100000000, under the 100 MiB limit)
 *   BENCH_FILES_CLIENTS    concurrent clients serving the cached variant and its static twin (16)
 *   BENCH_FILES_SECONDS    measured seconds per rate cell, after 1 s of warm-up (5)
 *   BENCH_FEED_QUICK       1: the feed scenario at a tenth of the posts and shorter runs
 *   BENCH_FEED_MEMBERS     members seeded for the feed (10000)
 *   BENCH_FEED_POSTS       posts seeded for the feed (500000; 50000 quick)
 *   BENCH_FEED_FRIENDS     average friends per member (100)
 *   BENCH_FEED_READERS     concurrent feed readers (50)
 *   BENCH_FEED_PAUSE_MS    the paced feed run: each reader's pause between pages (500)
 *   BENCH_FEED_SECONDS     measured seconds of feed reading, after 2 s of warm-up (15; 5 quick)
 *   BENCH_STORM_RATE       likes/s in the like storm (500)
 *   BENCH_STORM_SECONDS    length of the like storm (10; 3 quick)
 *   BENCH_STORM_WATCHERS   sockets watching the liked post (1000)
 *   BENCH_HOT_EARLIER_LIKES likes the hot post gets through the API before the storm (5000)
 *   BENCH_HOT_OTHERS       other members reading their feeds and messaging during the storm (20)
 *   BENCH_HOT_OTHERS_RATE  their feed pages/s and messages/s, each (10)
 *   BENCH_FEED_HOT_POST_ONLY 1: of the feed scenario, only the hot post (seeded as usual)
 *   BENCH_HOT_POST_BASELINE another checkout (with its node_modules) whose hot post runs first in
 *                          the same run, on a server and Postgres of its own: a before beside the after
 *   BENCH_CONTENT_POSTS    posts seeded for the content scenario (50000, among 2,000 members);
 *                          one member's own are then topped up to 5,000 for the export
 *   BENCH_COMMUNITY_MEMBERS, _POSTS, _FRIENDS, _FOLLOWS   the community scenario's size (10000,
 *                          500000, 100, 20); BENCH_COMMUNITY_CELEBRITIES (20) members with
 *                          BENCH_COMMUNITY_CELEBRITY_FOLLOWERS (5000) followers each
 *   BENCH_COMMUNITY_STEP_SECONDS  length of each step of offered feed rate (5)
 *   BENCH_COMMUNITY_READERS       the paced feed run's readers (50), BENCH_COMMUNITY_PAUSE_MS (500)
 *   BENCH_COMMUNITY_CELEBRITY_POSTS  posts the celebrity publishes (3)
 *   BENCH_REPLICA_MEMBERS, _POSTS   the replica scenario's seed (10000, 500000; friends and
 *                          follows as the community's); BENCH_REPLICA_RATE reads/s offered (100),
 *                          BENCH_REPLICA_MESSAGES_RATE messages/s the lag is measured under (300)
 *   BENCH_SEARCH_POSTS     posts seeded for the search scenario (500000, among 10,000 members
 *                          with 100 friends each); `search` runs only when named
 *
 * Round trips per command are read from the server's `GET /api/test/command-stats` before and
 * after each scenario's load; duplicated deliveries are printed one by one.
 */
import { rmSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Badges } from '../../shared/badges';
import {
  allCovered,
  analyzePushes,
  sameBadges,
  type CommandLog,
  type DuplicatePush,
} from './analysis';
import { runBackupBench } from './backup';
import { bareExpressBaseline, bareInsertBaseline } from './baselines';
import {
  commandGrid,
  commandNotes,
  commandsBetween,
  fetchCommandStats,
  tripsBetween,
} from './command-stats';
import { badgeCommands, COMMAND_NAME } from './commands';
import { runCommunityBench } from './community';
import { runCommunitySearchBench } from './community-search';
import { seedFeed } from './feed-seed';
import { seedSearchWords } from './search-seed';
import { runContentBench } from './content';
import { cpuPercent, cpuSnapshot } from './cpu';
import { duplicateReport } from './duplicates';
import { runFeedBench } from './feed';
import { runFilesBench } from './files';
import { HttpPool } from './http-pool';
import { closedLoop, openLoop } from './load';
import {
  closeSockets,
  connectedCount,
  connectSockets,
  createMembers,
  dropsSince,
  mapLimit,
  progress,
  type Member,
} from './members';
import { runMessagingBench, type DuplicateDelivery } from './messaging';
import { buildRows, fmt, renderSection, TARGETS, type Section } from './report';
import { runRoundTripBench } from './roundtrips';
import { freePort } from '../support/free-port';
import { startServer, type ServerProcess } from './server-process';
import { runReplicaBench } from './replica';
import { runWebBench } from './web';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function numberEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

const searchSettings = {
  size: {
    members: 10_000,
    posts: Math.round(numberEnv('BENCH_SEARCH_POSTS', 500_000)),
    friends: 100,
  },
  words: { vocabulary: 5000, wordsPerPost: 30 },
  run: { readers: 16, warmupMs: 1000, durationMs: 5000 },
};

const settings = {
  members: Math.round(numberEnv('BENCH_MEMBERS', 1000)),
  durationMs: numberEnv('BENCH_DURATION_S', 20) * 1000,
  /** Unset: chosen from the baselines and the capacity probe (see chooseRate). */
  rate: process.env.BENCH_RATE ? numberEnv('BENCH_RATE', 1) : null,
  connections: Math.round(numberEnv('BENCH_CONNECTIONS', 64)),
  insertClients: Math.round(numberEnv('BENCH_INSERT_CLIENTS', 20)),
  databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  out: process.env.BENCH_OUT || undefined,
  serverNodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
  signUpConcurrency: 4,
  socketConcurrency: 50,
  capacityWarmupMs: 1000,
  capacityMs: 3000,
  baselineWarmupMs: 1000,
  baselineMs: 5000,
  graceMs: 3000,
  drainMs: 15_000,
  // Every scenario at its defaults (five messaging runs, twenty round-trip cells, the backup,
  // the files) takes about eleven minutes on the 2-core machine: the watchdog only catches a hang.
  watchdogMs: 30 * 60_000,
  scenarios: new Set(
    (process.env.BENCH_SCENARIOS ?? 'badges,messaging,roundtrips,backup,files,feed,content').split(
      ',',
    ),
  ),
  messaging: {
    members: Math.round(numberEnv('BENCH_MESSAGING_MEMBERS', 500)),
    rate: numberEnv('BENCH_MESSAGING_RATE', 300),
    runs: Math.round(numberEnv('BENCH_MESSAGING_RUNS', 5)),
    pauseMs: 2000,
  },
  roundTrips: {
    clients: (process.env.BENCH_RT_CLIENTS ?? '16,64')
      .split(',')
      .map((n) => Math.round(Number(n)))
      .filter((n) => Number.isFinite(n) && n > 0),
    warmupMs: 1000,
    durationMs: numberEnv('BENCH_RT_SECONDS', 5) * 1000,
    badgeRows: 1000,
    batchWriters: Math.round(numberEnv('BENCH_RT_WRITERS', 4)),
    maxBatch: 64,
  },
  backupEvents: Math.round(numberEnv('BENCH_BACKUP_EVENTS', 1_000_000)),
  files: {
    uploadBytes: Math.round(numberEnv('BENCH_FILES_BYTES', 100_000_000)),
    uploadRuns: 2,
    photo: { width: 4000, height: 3000 },
    clients: Math.round(numberEnv('BENCH_FILES_CLIENTS', 16)),
    warmupMs: 1000,
    durationMs: numberEnv('BENCH_FILES_SECONDS', 5) * 1000,
    rounds: 2,
  },
  feed: feedSettings(),
  community: communitySettings(),
  content: {
    size: {
      members: 2000,
      posts: Math.round(numberEnv('BENCH_CONTENT_POSTS', 50_000)),
      friends: 20,
    },
    vocabulary: 5000,
    wordsPerPost: 30,
    readers: 16,
    warmupMs: 1000,
    durationMs: 5000,
    exportPosts: 5000,
    exportRuns: 3,
  },
};

function feedSettings() {
  const quick = process.env.BENCH_FEED_QUICK === '1';
  const members = Math.round(numberEnv('BENCH_FEED_MEMBERS', 10_000));
  const readers = Math.round(numberEnv('BENCH_FEED_READERS', 50));
  const rate = numberEnv('BENCH_STORM_RATE', 500);
  const durationMs = numberEnv('BENCH_STORM_SECONDS', quick ? 3 : 10) * 1000;
  const watchers = Math.round(numberEnv('BENCH_STORM_WATCHERS', 1000));
  const others = 2 * Math.round(numberEnv('BENCH_HOT_OTHERS', 20) / 2);
  // Every like is by a member who has not liked yet; readers, watchers, likers and the others
  // are distinct; the earlier likers are anyone but the likers.
  const likers = Math.min(
    Math.round((rate * durationMs) / 1000),
    members - readers - watchers - others,
  );
  return {
    size: {
      members,
      posts: Math.round(numberEnv('BENCH_FEED_POSTS', quick ? 50_000 : 500_000)),
      friends: Math.round(numberEnv('BENCH_FEED_FRIENDS', 100)),
    },
    readers,
    nextPages: 4,
    pauseMs: Math.round(numberEnv('BENCH_FEED_PAUSE_MS', 500)),
    warmupMs: 2000,
    durationMs: numberEnv('BENCH_FEED_SECONDS', quick ? 5 : 15) * 1000,
    sqlMs: quick ? 2000 : 4000,
    hotPostOnly: process.env.BENCH_FEED_HOT_POST_ONLY === '1',
    hotPostBaseline: process.env.BENCH_HOT_POST_BASELINE || undefined,
    hotPost: {
      rate,
      durationMs,
      watchers,
      likers,
      others,
      earlierLikes: Math.min(
        Math.round(numberEnv('BENCH_HOT_EARLIER_LIKES', 5000)),
        members - likers,
      ),
      earlierConcurrency: 32,
      othersRate: numberEnv('BENCH_HOT_OTHERS_RATE', 10),
      profileStatements: true,
      connections: 64,
      socketConcurrency: 50,
      graceMs: 10_000,
      drainMs: 15_000,
    },
  };
}

function communitySettings() {
  const celebrities = Math.round(numberEnv('BENCH_COMMUNITY_CELEBRITIES', 20));
  return {
    repoRoot,
    size: {
      members: Math.round(numberEnv('BENCH_COMMUNITY_MEMBERS', 10_000)),
      posts: Math.round(numberEnv('BENCH_COMMUNITY_POSTS', 500_000)),
      friends: Math.round(numberEnv('BENCH_COMMUNITY_FRIENDS', 100)),
      follows: Math.round(numberEnv('BENCH_COMMUNITY_FOLLOWS', 20)),
      celebrities: {
        count: celebrities,
        followers: Math.round(numberEnv('BENCH_COMMUNITY_CELEBRITY_FOLLOWERS', 5000)),
      },
    },
    feed: {
      members: 1000,
      nextPages: 4,
      stepMs: numberEnv('BENCH_COMMUNITY_STEP_SECONDS', 5) * 1000,
      startRate: 50,
      maxRate: 5000,
      refineSteps: 3,
      connections: 128,
      readers: Math.round(numberEnv('BENCH_COMMUNITY_READERS', 50)),
      pauseMs: Math.round(numberEnv('BENCH_COMMUNITY_PAUSE_MS', 500)),
      warmupMs: 2000,
      durationMs: 15_000,
    },
    celebrity: {
      posts: Math.round(numberEnv('BENCH_COMMUNITY_CELEBRITY_POSTS', 3)),
      betweenMs: 2000,
      socketConcurrency: 50,
      graceMs: 10_000,
      largestFanout: 10_000,
    },
    // The feed scenario's hot post (BENCH_STORM_*, BENCH_HOT_*), on the community.
    hotPost: feedSettings().hotPost,
    search: { words: searchSettings.words, run: searchSettings.run },
    parts: (process.env.BENCH_COMMUNITY_PARTS ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  };
}

const ZERO: Badges = { notifications: 0, messages: 0, friendRequests: 0, version: 0 };

/**
 * The steady rate to offer unless BENCH_RATE says otherwise. If the closed-loop probe shows the
 * server can take a little more than the target share of bare Express, offer that: meeting it is
 * the target. If it cannot, offer 80% of what it managed, so push latency, loss and memory are
 * judged at a load the server sustains rather than behind an ever-growing queue.
 */
function chooseRate(bareRps: number, capacity: number): number {
  if (settings.rate) return settings.rate;
  const target = bareRps * TARGETS.commandShareOfBare * 1.05;
  const rate = capacity >= target ? target : capacity * 0.8;
  return Math.max(10, Math.round(rate / 10) * 10);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForPushes(members: Member[], commands: CommandLog, graceMs: number) {
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && !allCovered(members, commands)) await sleep(50);
}

/** Emptied in place: each socket's listener holds on to its member's log. */
function forgetPushes(members: Member[]): void {
  for (const { pushes } of members) {
    pushes.versions.length = 0;
    pushes.receivedAt.length = 0;
    pushes.values.length = 0;
    pushes.socketIds.length = 0;
  }
}

/** Members whose stored badges differ from the last value their socket was pushed. */
async function badgeMismatches(server: ServerProcess, members: Member[]): Promise<number> {
  const same = await mapLimit(members.length, 16, async (index) => {
    const member = members[index]!;
    const res = await fetch(`${server.url}/api/me/badges`, { headers: { cookie: member.cookie } });
    if (res.status !== 200) return false;
    return sameBadges((await res.json()) as Badges, member.latest ?? ZERO);
  });
  return same.filter((ok) => !ok).length;
}

async function baselines(server: ServerProcess) {
  progress('baseline: bare Express JSON route at max rate');
  const bare = await bareExpressBaseline({
    repoRoot,
    connections: settings.connections,
    warmupMs: settings.baselineWarmupMs,
    durationMs: settings.baselineMs,
  });
  progress(`bare Express: ${fmt.int(bare.requestsPerSecond)} req/s`);
  progress('baseline: single-row insert commits');
  const inserts = await bareInsertBaseline({
    connectionString: server.databaseUrl,
    clients: settings.insertClients,
    warmupMs: settings.baselineWarmupMs / 2,
    durationMs: settings.baselineMs,
  });
  progress(`bare inserts: ${fmt.int(inserts.commitsPerSecond)} commits/s`);
  return { bare, inserts };
}

/** Closed-loop commands: the most the server takes, which also warms it up for the real run. */
async function probeCapacity(server: ServerProcess, members: Member[]): Promise<number> {
  progress(`capacity probe: ${settings.connections} commands in flight, no pauses`);
  const probe = badgeCommands(members);
  const http = new HttpPool('127.0.0.1', server.port, settings.connections);
  const capacity = await closedLoop({
    pool: http,
    concurrency: settings.connections,
    warmupMs: settings.capacityWarmupMs,
    durationMs: settings.capacityMs,
    okStatus: 201,
    send: probe.send,
  }).finally(() => http.close());
  progress(`capacity: ${fmt.int(capacity.requestsPerSecond)} commands/s`);
  await waitForPushes(members, probe.log, settings.graceMs);
  forgetPushes(members);
  return capacity.requestsPerSecond;
}

async function steadyLoad(server: ServerProcess, members: Member[], rate: number) {
  progress(`load: ${rate} commands/s for ${settings.durationMs / 1000} s`);
  const commands = badgeCommands(members);
  const http = new HttpPool('127.0.0.1', server.port, settings.connections);
  let rssPeakKb = 0;
  const sampler = setInterval(() => {
    rssPeakKb = Math.max(rssPeakKb, server.rssKb() ?? 0);
  }, 100);
  try {
    const statsBefore = await fetchCommandStats(server);
    const tripsBefore = await server.databaseRoundTrips();
    const startedAt = Date.now();
    const before = cpuSnapshot(server.pid, server.postmasterPid());
    const result = await openLoop({
      pool: http,
      rate,
      durationMs: settings.durationMs,
      drainMs: settings.drainMs,
      okStatus: 201,
      send: commands.send,
    }).finally(() => http.close());
    const cpu = cpuPercent(before, cpuSnapshot(server.pid, server.postmasterPid()));
    await waitForPushes(members, commands.log, settings.graceMs);
    const statsAfter = await fetchCommandStats(server);
    const tripsAfter = await server.databaseRoundTrips();
    return {
      processTrips: tripsBetween(tripsBefore, tripsAfter, result.sent),
      result,
      cpu,
      commands: commands.log,
      rssPeakKb,
      drops: dropsSince(members, startedAt),
      windows: commandsBetween(statsBefore, statsAfter),
    };
  } finally {
    clearInterval(sampler);
  }
}

async function main(): Promise<number> {
  const started = Date.now();
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'agora-bench-'));
  // The embedded Postgres runs as the `postgres` user when we are root: it must reach its folder.
  await chmod(tempDir, 0o755);
  let server: ServerProcess | null = null;
  /** The web and replica scenarios' own servers while they run, for `abort` to stop too. */
  let webServer: ServerProcess | null = null;
  const replicaServers = new Set<ServerProcess>();
  let members: Member[] = [];

  const abort = (why: string) => {
    process.stderr.write(`[bench] ${why}: stopping the server and exiting\n`);
    closeSockets(members);
    server?.killNow();
    webServer?.killNow();
    for (const running of replicaServers) running.killNow();
    rmSync(tempDir, { recursive: true, force: true });
    process.exit(2);
  };
  const watchdog = setTimeout(() => abort('watchdog'), settings.watchdogMs);
  watchdog.unref();
  process.once('SIGINT', () => abort('interrupted'));
  process.once('SIGTERM', () => abort('terminated'));

  try {
    const tables: Section[] = [];
    const missed: string[] = [];
    const duplicates: { badges: DuplicatePush[]; messaging: DuplicateDelivery[] } = {
      badges: [],
      messaging: [],
    };
    let otherCpuNote = false;
    if (settings.scenarios.has('web')) {
      // A server and Postgres of its own, serving the built app, so the pages load as in production.
      const dataDir = path.join(tempDir, 'web');
      await mkdir(dataDir);
      await chmod(dataDir, 0o755);
      const result = await runWebBench({
        repoRoot,
        dataDir,
        chromePath: process.env.BENCH_WEB_CHROME || '/usr/bin/chromium',
        runs: Math.round(numberEnv('BENCH_WEB_RUNS', 3)),
        pages: (process.env.BENCH_WEB_PAGES ?? '').split(',').filter(Boolean),
        serverNodeArgs: settings.serverNodeArgs,
        saveDir: process.env.BENCH_WEB_SAVE || undefined,
        onServer: (running) => {
          webServer = running;
        },
      });
      tables.push(...result.sections);
      missed.push(...result.missed);
    }
    if (settings.scenarios.has('replica')) {
      // A Postgres primary and streaming replica of its own, and servers started on them.
      const dataDir = path.join(tempDir, 'replica');
      await mkdir(dataDir);
      await chmod(dataDir, 0o755);
      const { size } = settings.community;
      const result = await runReplicaBench({
        repoRoot,
        dataDir,
        serverNodeArgs: settings.serverNodeArgs,
        size: {
          ...size,
          members: Math.round(numberEnv('BENCH_REPLICA_MEMBERS', size.members)),
          posts: Math.round(numberEnv('BENCH_REPLICA_POSTS', size.posts)),
        },
        readers: 50,
        rate: numberEnv('BENCH_REPLICA_RATE', 100),
        warmupMs: 2000,
        durationMs: 15_000,
        messaging: {
          conversations: 250,
          rate: numberEnv('BENCH_REPLICA_MESSAGES_RATE', 300),
          durationMs: 20_000,
        },
        readYourWrites: { members: 10, pairs: 50 },
        onServer: (running, up) => {
          if (up) replicaServers.add(running);
          else replicaServers.delete(running);
        },
      });
      tables.push(...result.sections);
      missed.push(...result.missed);
    }
    let shared: {
      running: ServerProcess;
      warnings: string[];
      stopped: Awaited<ReturnType<ServerProcess['stop']>>;
    } | null = null;
    if ([...settings.scenarios].some((name) => name !== 'web' && name !== 'replica')) {
      progress(`starting the server (data in ${tempDir})`);
      server = await startServer({
        repoRoot,
        dataDir: tempDir,
        databaseUrl: settings.databaseUrl,
        embeddedPgPort: await freePort(),
        nodeArgs: settings.serverNodeArgs,
      });
      const running = server;
      progress(`server pid ${running.pid} ready at ${running.url}`);

      if (settings.scenarios.has('badges')) {
        members = await createMembers(running.url, settings.members, settings.signUpConcurrency);
        await connectSockets(running.url, members, settings.socketConcurrency);
        const connectedBefore = connectedCount(members);

        const { bare, inserts } = await baselines(running);
        const capacity = await probeCapacity(running, members);
        const rate = chooseRate(bare.requestsPerSecond, capacity);
        const load = await steadyLoad(running, members, rate);
        const connectedAfter = connectedCount(members);

        progress('checking every member’s badges against the server');
        const pushes = analyzePushes(members, load.commands);
        const mismatches = await badgeMismatches(running, members);
        closeSockets(members);
        const hwm = running.peakRssKb();
        const rows = buildRows({
          members: settings.members,
          durationMs: settings.durationMs,
          connections: settings.connections,
          connectedBefore,
          connectedAfter,
          capacity,
          rate,
          load: load.result,
          loadCpu: load.cpu,
          pushes,
          mismatches,
          rssPeakKb: load.rssPeakKb,
          lifetimePeakKb: Math.max(hwm ?? 0, load.rssPeakKb),
          bareRps: bare.requestsPerSecond,
          bareOtherCpu: bare.otherCpu,
          insertsPerSecond: inserts.commitsPerSecond,
          insertClients: inserts.clients,
          serverWarnings: running.warnings.length,
          drops: load.drops,
        });
        tables.push({ title: `Live badges — ${settings.members} sockets`, rows });
        const whole = load.processTrips;
        tables.push({
          title: `Live badges: round trips per command during the steady load`,
          grid: commandGrid(load.windows, whole),
          notes: commandNotes({
            windows: load.windows,
            command: COMMAND_NAME,
            requests: load.result.ok,
            failedRequests: load.result.errors + load.result.unanswered,
            whole,
            outside:
              'nothing else: the badge route is public and the load sends no cookie, so no ' +
              'session is looked up, and nothing else on its path touches the database (request ' +
              'timings are buffered in memory). The pushes are read by the relay on its own pool, ' +
              'outside any command.',
          }),
        });
        duplicates.badges = pushes.duplicates;
        missed.push(...rows.filter((r) => r.result === 'FAIL').map((r) => r.metric));
        otherCpuNote ||= load.cpu.other > 25 || bare.otherCpu > 25;
      }
      if (settings.scenarios.has('messaging')) {
        const result = await runMessagingBench(running, {
          members: settings.messaging.members,
          rate: settings.messaging.rate,
          durationMs: settings.durationMs,
          connections: settings.connections,
          signUpConcurrency: settings.signUpConcurrency,
          socketConcurrency: settings.socketConcurrency,
          graceMs: settings.graceMs,
          drainMs: settings.drainMs,
          runs: settings.messaging.runs,
          pauseMs: settings.messaging.pauseMs,
        });
        tables.push(...result.sections);
        duplicates.messaging = result.duplicates;
        missed.push(...result.missed);
      }
      if (settings.scenarios.has('roundtrips')) {
        const result = await runRoundTripBench(running, settings.roundTrips);
        tables.push(...result.sections);
      }
      if (settings.scenarios.has('backup')) {
        const statsBefore = await fetchCommandStats(running);
        const result = await runBackupBench(running, settings.backupEvents);
        const windows = commandsBetween(statsBefore, await fetchCommandStats(running));
        const title = `Backup and restore — ${settings.backupEvents.toLocaleString('en-US')} events`;
        tables.push({ title, rows: result.rows });
        tables.push({
          title: `${title}: round trips per command`,
          grid: commandGrid(windows),
          notes: [
            'The commands of the scenario (sign-up, role, backup, restore), counted by the server ' +
              'as in the other scenarios; the backup and restore themselves stream outside commands.',
          ],
        });
        missed.push(...result.missed);
      }
      if (settings.scenarios.has('files')) {
        const result = await runFilesBench(running, {
          ...settings.files,
          repoRoot,
          workDir: tempDir,
          // Where the server's disk storage writes (its default unless FILES_DIR is set).
          filesDir: process.env.FILES_DIR || path.join(tempDir, 'files'),
        });
        tables.push(...result.sections);
        missed.push(...result.missed);
      }
      if (settings.scenarios.has('feed')) {
        const result = await runFeedBench(running, settings.feed);
        tables.push(...result.sections);
        missed.push(...result.missed);
      }
      if (settings.scenarios.has('community')) {
        const result = await runCommunityBench(running, settings.community);
        tables.push(...result.sections);
        missed.push(...result.missed);
      }
      if (settings.scenarios.has('content')) {
        const result = await runContentBench(running, settings.content);
        tables.push(...result.sections);
        missed.push(...result.missed);
      }
      if (settings.scenarios.has('search')) {
        const { size } = searchSettings;
        progress(`search: seeding ${size.members} members and ${size.posts} posts`);
        const seed = await seedFeed(running.databaseUrl, size);
        const words = await seedSearchWords(running.databaseUrl, searchSettings.words, seed.ids);
        const step = Math.floor(size.members / searchSettings.run.readers);
        const members = await seed.withSession(
          Array.from({ length: searchSettings.run.readers }, (_, i) => i * step),
        );
        const result = await runCommunitySearchBench({
          serverUrl: running.url,
          databaseUrl: running.databaseUrl,
          members,
          words,
          settings: searchSettings.run,
        });
        tables.push(result.section);
        missed.push(...result.missed);
      }
      const warnings = [...running.warnings];

      progress('stopping the server');
      const stopped = await running.stop();
      server = null;
      shared = { running, warnings, stopped };
    }

    process.stdout.write(
      `\nAgora benchmark — ${os.cpus().length} CPUs, ` +
        `${((Date.now() - started) / 1000).toFixed(0)} s\n` +
        tables.map(renderSection).join('') +
        duplicateReport(duplicates) +
        (missed.length === 0 ? '\nAll targets met.\n' : `\nTargets missed: ${missed.join('; ')}\n`),
    );
    if (otherCpuNote) {
      process.stdout.write(
        'Note: other processes used a sizeable share of the CPUs during this run (see "other"); ' +
          'rates and latencies are noisier than usual.\n',
      );
    }
    if (shared) {
      const { running, warnings, stopped } = shared;
      for (const line of warnings.slice(0, 5)) process.stderr.write(`[server] ${line}\n`);
      if (stopped.forced || stopped.exitCode !== 0) {
        process.stderr.write(
          `[bench] the server did not stop cleanly (exit ${stopped.exitCode}, signal ${stopped.signal})\n`,
        );
        for (const line of running.warnings.slice(warnings.length, warnings.length + 40)) {
          process.stderr.write(`[server] ${line}\n`);
        }
      }
    }

    if (settings.out) {
      const { databaseUrl: _secret, ...shown } = settings;
      await mkdir(path.dirname(path.resolve(settings.out)), { recursive: true });
      await writeFile(
        settings.out,
        `${JSON.stringify(
          {
            at: new Date().toISOString(),
            settings: {
              ...shown,
              scenarios: [...settings.scenarios],
            },
            targetsMissed: missed,
            tables,
            duplicates,
          },
          null,
          2,
        )}\n`,
      );
      progress(`wrote ${settings.out}`);
    }
    return 0;
  } finally {
    clearTimeout(watchdog);
    closeSockets(members);
    if (server) await server.stop().catch(() => server?.killNow());
    await rm(tempDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `[bench] failed: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(1);
  },
);
