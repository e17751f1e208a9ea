import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Post, PostLikeState } from '../../shared/posts';
import {
  POSTS_SOCKET_EVENTS,
  type PostCountsPayload,
  type WatchPostsAck,
} from '../../shared/posts/live';
import { cpuPercent, cpuSnapshot, type CpuPercent } from './cpu';
import type { FeedSeed, SeededMember } from './feed-seed';
import { HttpPool } from './http-pool';
import { openLoop } from './load';
import {
  closeSockets,
  connectedCount,
  connectSockets,
  createMembers,
  dropsSince,
  isCurrent,
  progress,
  type Member,
} from './members';
import { fmt, row, type Row, type Section } from './report';
import type { ServerProcess } from './server-process';
import { summarize } from './stats';

/** The issue's targets for the like storm. */
export const STORM_TARGETS = { pushP99Ms: 100, rateShare: 0.95 };

export interface StormSettings {
  /** Likes per second, each by a member who has not liked the post yet. */
  rate: number;
  durationMs: number;
  watchers: number;
  /** Distinct likers: rate × duration. */
  likers: number;
  connections: number;
  socketConcurrency: number;
  /** How long the watchers get, after the last like answered, to reach the final count. */
  graceMs: number;
  drainMs: number;
}

/** One `post:counts` push as a watcher received it. */
interface Arrival {
  at: number;
  version: number;
  likes: number;
}

interface Watcher {
  member: Member;
  arrivals: Arrival[];
  acked: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (n: number) => (Number.isFinite(n) ? `${Math.max(0, n).toFixed(0)}%` : 'n/a');
const zero = (n: number) => ({ text: '0', met: n === 0 });

/** A seeded member as the socket helpers of members.ts hold one. */
export function asMember(seeded: SeededMember, index: number): Member {
  return {
    index,
    id: seeded.id,
    cookie: seeded.cookie,
    socket: null,
    attempt: 0,
    socketLog: [],
    staleDeliveries: 0,
    pushes: { versions: [], receivedAt: [], values: [], socketIds: [] },
    latest: null,
  };
}

async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** The likes of the post as the database holds them once the storm is over. */
async function likesStored(databaseUrl: string, postId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: counted } = await client.query<{ likers: number; rows: number }>(
      `select (select count(distinct data->>'userId') from events
                where type = 'PostLiked' and data->>'postId' = $1)::int as likers,
              (select count(*) from post_likes where post_id = $1::uuid)::int as rows`,
      [postId],
    );
    const { rows: setting } = await client.query<{ on: boolean }>(
      `select current_setting('track_commit_timestamp') = 'on' as on`,
    );
    // When each like committed, by Postgres's clock, keyed by liker.
    const committed = new Map<string, number>();
    if (setting[0]?.on) {
      const { rows } = await client.query<{ user_id: string; committed_ms: number }>(
        `select data->>'userId' as user_id,
           extract(epoch from pg_xact_commit_timestamp(
             (transaction_id::text::bigint % 4294967296)::text::xid)) * 1000 as committed_ms
         from events where type = 'PostLiked' and data->>'postId' = $1`,
        [postId],
      );
      for (const r of rows) committed.set(r.user_id, Number(r.committed_ms));
    }
    return { likers: counted[0]!.likers, rows: counted[0]!.rows, committed };
  } finally {
    await client.end();
  }
}

/**
 * The post once its likes stop moving: requests the load generator gave up on may still be
 * running in the server, and their likes count too.
 */
async function settledPost(server: ServerProcess, postId: string, cookie: string): Promise<Post> {
  const read = async () =>
    json<Post>(
      await fetch(`${server.url}/api/posts/${postId}`, { headers: { cookie } }),
      'reading the stormed post',
    );
  let last = await read();
  const deadline = performance.now() + 180_000;
  for (let still = 0; still < 3 && performance.now() < deadline;) {
    await sleep(500);
    const now = await read();
    still = now.version === last.version ? still + 1 : 0;
    last = now;
  }
  return last;
}

/**
 * For every (like, watcher): from the like's commit to the first push on that watcher carrying a
 * version at least the one the like answered with (pushes carry absolute counts, so a later push
 * delivers every like before it). A like a watcher never caught up with is lost for it.
 */
function pushLatencies(likes: { version: number; committedAt: number }[], watchers: Watcher[]) {
  const ordered = [...likes].sort((a, b) => a.version - b.version);
  const latencies: number[] = [];
  let missing = 0;
  for (const watcher of watchers) {
    let arrival = 0;
    let highest = Number.NEGATIVE_INFINITY;
    for (const like of ordered) {
      while (highest < like.version && arrival < watcher.arrivals.length) {
        highest = Math.max(highest, watcher.arrivals[arrival]!.version);
        arrival += 1;
      }
      if (highest >= like.version)
        latencies.push(watcher.arrivals[arrival - 1]!.at - like.committedAt);
      else missing += 1;
    }
  }
  return { latencies, missing };
}

/**
 * 500 likes a second on one post, each by a member who had not liked it, for ten seconds, while
 * 1,000 members watch the post over their sockets (`posts:watch`). Every watcher must end at the
 * final count; a push's latency runs from the like's commit to the first push that carries it.
 */
export async function runLikeStorm(
  server: ServerProcess,
  seed: FeedSeed,
  watcherNumbers: number[],
  likerNumbers: number[],
  settings: StormSettings,
): Promise<{ sections: Section[] }> {
  const [author] = await createMembers(server.url, 1, 1);
  const post = await json<Post>(
    await fetch(`${server.url}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: author!.cookie },
      body: JSON.stringify({
        title: 'The storm',
        content: 'Everyone likes this one',
        status: 'published',
        visibility: 'public',
      }),
    }),
    'publishing the stormed post',
  );
  const watchers: Watcher[] = (await seed.withSession(watcherNumbers)).map((m, i) => ({
    member: asMember(m, i),
    arrivals: [],
    acked: false,
  }));
  const likers = await seed.withSession(likerNumbers);

  progress(`storm: connecting ${watchers.length} watchers`);
  const byMember = new Map(watchers.map((w) => [w.member, w]));
  await connectSockets(
    server.url,
    watchers.map((w) => w.member),
    settings.socketConcurrency,
    (socket, member) => {
      socket.on(POSTS_SOCKET_EVENTS.counts, (payload: PostCountsPayload) => {
        const at = Date.now();
        if (!isCurrent(member, socket) || payload.postId !== post.id) return;
        byMember.get(member)!.arrivals.push({ at, version: payload.version, likes: payload.likes });
      });
    },
  );
  let watching = 0;
  await Promise.all(
    watchers.map(async (w) => {
      const ack = (await w.member
        .socket!.timeout(10_000)
        .emitWithAck(POSTS_SOCKET_EVENTS.watch, { postIds: [post.id] })
        .catch(() => null)) as WatchPostsAck | null;
      w.acked = Boolean(ack?.watching?.includes(post.id));
      if (w.acked) watching += 1;
    }),
  );
  progress(`storm: ${watching}/${watchers.length} watchers follow the post`);
  const connectedBefore = connectedCount(watchers.map((w) => w.member));

  const answers = new Map<string, PostLikeState>();
  const statuses = new Map<number, number>();
  let next = 0;
  const pool = new HttpPool('127.0.0.1', server.port, settings.connections);
  progress(
    `storm: ${settings.rate} likes/s for ${settings.durationMs / 1000} s, ${likers.length} likers`,
  );
  const startedAt = Date.now();
  const cpuBefore = cpuSnapshot(server.pid, server.postmasterPid());
  const load = await openLoop({
    pool,
    rate: settings.rate,
    durationMs: settings.durationMs,
    drainMs: settings.drainMs,
    okStatus: 200,
    send: async (p) => {
      const liker = likers[next++ % likers.length]!;
      const answer = await p.request('POST', `/api/posts/${post.id}/like`, undefined, liker.cookie);
      if (answer.status === 200) answers.set(liker.id, JSON.parse(answer.body) as PostLikeState);
      else statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      return answer;
    },
  }).finally(() => pool.close());
  const cpu: CpuPercent = cpuPercent(cpuBefore, cpuSnapshot(server.pid, server.postmasterPid()));

  progress('storm: waiting for the likes to settle');
  const final = await settledPost(server, post.id, author!.cookie);
  const caughtUp = () =>
    watchers.filter((w) => w.arrivals.some((a) => a.version >= final.version)).length;
  const deadline = performance.now() + settings.graceMs;
  while (performance.now() < deadline && caughtUp() < watching) await sleep(50);
  const members = watchers.map((w) => w.member);
  const connectedAfter = connectedCount(members);
  const drops = dropsSince(members, startedAt);
  closeSockets(members);

  const stored = await likesStored(server.databaseUrl, post.id);
  const commits = stored.committed;
  const likes = [...answers].map(([likerId, state]) => ({
    version: state.version,
    committedAt: commits.get(likerId) ?? Number.NaN,
  }));
  const followed = watchers.filter((w) => w.acked);
  const { latencies, missing } = pushLatencies(
    likes.filter((l) => Number.isFinite(l.committedAt)),
    followed,
  );
  const push = summarize(latencies);
  // The count each version stands for, as the likes were answered: a push must agree.
  const countAt = new Map([...answers.values()].map((s) => [s.version, s.likes]));
  let pushes = 0;
  let wrongValues = 0;
  let outOfOrder = 0;
  let repeated = 0;
  let versionsSeen = 0;
  let atFinal = 0;
  for (const w of followed) {
    pushes += w.arrivals.length;
    const versions = new Set<number>();
    let highest = Number.NEGATIVE_INFINITY;
    for (const a of w.arrivals) {
      const expected = countAt.get(a.version);
      if (expected !== undefined && expected !== a.likes) wrongValues += 1;
      if (versions.has(a.version)) repeated += 1;
      else if (a.version < highest) outOfOrder += 1;
      versions.add(a.version);
      highest = Math.max(highest, a.version);
    }
    versionsSeen += versions.size;
    const last = w.arrivals.reduce<Arrival | null>(
      (best, a) => (!best || a.version > best.version ? a : best),
      null,
    );
    if (last && last.version === final.version && last.likes === final.likes) atFinal += 1;
  }
  const lostWatchers = followed.length - atFinal;
  const sustained = load.ok / (load.elapsedMs / 1000);
  const http = summarize(load.latenciesMs);

  const rows: Row[] = [
    row('watchers following the post (acknowledged posts:watch)', watching, `${watching}`, {
      text: `${watchers.length}`,
      met: watching === watchers.length,
    }),
    row(
      'watchers connected before / after',
      connectedAfter,
      `${connectedBefore} / ${connectedAfter}`,
    ),
    row('socket disconnects during the storm', drops, fmt.int(drops)),
    row(
      'likes offered',
      settings.rate,
      `${fmt.int(settings.rate)}/s × ${settings.durationMs / 1000} s = ${fmt.int(load.sent)}`,
    ),
    row('likes/s sustained (answered 200)', sustained, fmt.int(sustained), {
      text: `≥ ${fmt.int(settings.rate * STORM_TARGETS.rateShare)}`,
      met: sustained >= settings.rate * STORM_TARGETS.rateShare,
    }),
    row(
      'HTTP errors + unanswered',
      load.errors + load.unanswered,
      `${fmt.int(load.errors + load.unanswered)}${
        statuses.size > 0
          ? ` (${[...statuses].map(([status, n]) => `${n} × ${status}`).join(', ')})`
          : ''
      }`,
      zero(load.errors + load.unanswered),
    ),
    row(
      'HTTP like p50 / p99 (from scheduled send)',
      http.p99,
      `${fmt.ms(http.p50)} / ${fmt.ms(http.p99)}`,
    ),
    row('likes answered 200', answers.size, fmt.int(answers.size)),
    row(
      'final count = distinct likers in the log = like rows',
      final.likes,
      `${fmt.int(final.likes)} = ${fmt.int(stored.likers)} = ${fmt.int(stored.rows)}`,
      {
        text: 'equal',
        met: final.likes === stored.likers && final.likes === stored.rows && final.likes > 0,
      },
    ),
    row(
      'push p50 (like commit → watcher socket)',
      push.p50,
      latencies.length > 0 ? fmt.ms(push.p50) : 'n/a',
    ),
    row(
      'push p99 (like commit → watcher socket)',
      push.p99,
      latencies.length > 0 ? fmt.ms(push.p99) : 'n/a',
      {
        text: `≤ ${STORM_TARGETS.pushP99Ms} ms`,
        met: latencies.length > 0 && push.p99 <= STORM_TARGETS.pushP99Ms,
      },
    ),
    row('push max', push.max, latencies.length > 0 ? fmt.ms(push.max) : 'n/a'),
    row(
      'watchers not at the final count and version (lost pushes)',
      lostWatchers,
      fmt.int(lostWatchers),
      { text: '0', met: lostWatchers === 0 && watching > 0 },
    ),
    row('(like, watcher) pairs never delivered', missing, fmt.int(missing), zero(missing)),
    row(
      'pushes received / versions seen per watcher (average)',
      pushes,
      `${fmt.int(pushes)} / ${followed.length > 0 ? (versionsSeen / followed.length).toFixed(0) : 'n/a'}`,
    ),
    row(
      'pushes whose count ≠ the like answer of that version',
      wrongValues,
      fmt.int(wrongValues),
      zero(wrongValues),
    ),
    row(
      'pushes repeating a version / older than one seen',
      repeated + outOfOrder,
      `${repeated} / ${outOfOrder}`,
    ),
    row(
      'CPU in the storm: server / postgres / bench / other',
      cpu.server,
      [cpu.server, cpu.postgres, cpu.bench, cpu.other].map(pct).join(' / '),
    ),
  ];
  return {
    sections: [
      {
        title: `Like storm — ${fmt.int(settings.rate)} likes/s on one post, ${fmt.int(watchers.length)} watching sockets`,
        rows,
        notes: [
          'Each like is by a member who has not liked the post (seeded members with sessions); ' +
            'the post is published through the API by a member signed up through it. A push ' +
            'carries the absolute count and the row version, so one push delivers every like ' +
            'below its version: a like reaches a watcher when the first push with a version at ' +
            'least its own arrives. Latency runs from the like’s commit (Postgres’s commit ' +
            'timestamp) to that arrival, over every (like, watcher) pair of the likes answered 200 ' +
            '(an answer carries the version). After the load the post is read until its version ' +
            'stops moving: likes the load generator stopped waiting for still count.',
        ],
      },
    ],
  };
}
