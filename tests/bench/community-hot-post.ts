import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Conversation } from '../../shared/social';
import type { Post, PostLikeState } from '../../shared/posts';
import { FEED_PAGE } from '../../shared/posts';
import {
  POSTS_SOCKET_EVENTS,
  type PostCountsPayload,
  type WatchPostsAck,
} from '../../shared/posts/live';
import { cpuPercent, cpuSnapshot, type CpuPercent } from './cpu';
import type { FeedSeed, SeededMember } from './feed-seed';
import { HttpPool, type HttpResult } from './http-pool';
import { profileGrid, profileLike, type LikeProfile } from './like-statements';
import { statementsWindow } from './pg-statements';
import { openLoop, type OpenLoopResult } from './load';
import {
  asMember,
  closeSockets,
  connectedCount,
  connectSockets,
  createMembers,
  dropsSince,
  isCurrent,
  mapLimit,
  progress,
  type Member,
} from './members';
import { fmt, row, type Row, type Section } from './report';
import type { ServerProcess } from './server-process';
import { summarize, type Summary } from './stats';

/** The issue's targets for the hot post. */
export const HOT_POST_TARGETS = { pushP99Ms: 100, rateShare: 0.95, othersP99Ms: 100 };

export interface HotPostSettings {
  /** Likes per second, each by a member who has not liked the post yet. */
  rate: number;
  durationMs: number;
  /** Likes the post gets through the API before the storm, each by another member. */
  earlierLikes: number;
  /** Concurrent requests while those earlier likes are given. */
  earlierConcurrency: number;
  /** Feed pages per second and messages per second from the other members, each. */
  othersRate: number;
  /** Time one more like statement by statement, with this tree's statements. */
  profileStatements: boolean;
  connections: number;
  socketConcurrency: number;
  /** How long the watchers get, after the last like answered, to reach the final count. */
  graceMs: number;
  drainMs: number;
}

/**
 * Who does what, by seed number: the sets must not overlap, except that members who liked the
 * post earlier may also watch it or be among the others.
 */
export interface HotPostMembers {
  watchers: number[];
  /** The storm's likers: none of them has liked the post before. */
  likers: number[];
  earlierLikers: number[];
  /** Members who read their feed and message each other during the storm, in pairs. */
  others: number[];
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

interface Pair {
  conversationId: string;
  members: [SeededMember, SeededMember];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (n: number) => (Number.isFinite(n) ? `${Math.max(0, n).toFixed(0)}%` : 'n/a');
const zero = (n: number) => ({ text: '0', met: n === 0 });
const p50p99 = (s: Summary) => `${fmt.ms(s.p50)} / ${fmt.ms(s.p99)}`;
const cpuText = (cpu: CpuPercent) =>
  [cpu.server, cpu.postgres, cpu.bench, cpu.other].map(pct).join(' / ');

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
      'reading the hot post',
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

const likeOf = (postId: string, liker: SeededMember, pool: HttpPool) =>
  pool.request('POST', `/api/posts/${postId}/like`, undefined, liker.cookie);

/**
 * The likes the post has before the storm, through the API as members give them (so the log,
 * the notification's actors and every count are what the projections make of them), as fast as
 * the server takes them: also a measure of the like path from the first like up.
 */
async function likeEarlier(
  server: ServerProcess,
  postId: string,
  likers: SeededMember[],
  concurrency: number,
): Promise<{ seconds: number; failed: number }> {
  const pool = new HttpPool('127.0.0.1', server.port, concurrency);
  const started = performance.now();
  let failed = 0;
  let done = 0;
  try {
    await mapLimit(likers.length, concurrency, async (index) => {
      for (let attempt = 1; ; attempt++) {
        const answer = await likeOf(postId, likers[index]!, pool).catch((): HttpResult => ({
          status: 0,
          body: '',
        }));
        if (answer.status === 200) break;
        if (attempt >= 3) {
          failed += 1;
          break;
        }
      }
      done += 1;
      if (done % 1000 === 0) progress(`hot post: ${done}/${likers.length} earlier likes`);
    });
  } finally {
    pool.close();
  }
  return { seconds: (performance.now() - started) / 1000, failed };
}

/** The others in pairs, each pair with a conversation started through the API. */
async function pairUp(server: ServerProcess, others: SeededMember[]): Promise<Pair[]> {
  const count = Math.floor(others.length / 2);
  return mapLimit(count, 8, async (index) => {
    const a = others[2 * index]!;
    const b = others[2 * index + 1]!;
    const conversation = await json<Conversation>(
      await fetch(`${server.url}/api/conversations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: a.cookie },
        body: JSON.stringify({ participantId: b.id }),
      }),
      'starting a conversation between two other members',
    );
    return { conversationId: conversation.id, members: [a, b] };
  });
}

interface OthersResult {
  feed: OpenLoopResult;
  messages: OpenLoopResult;
}

/**
 * The rest of the site meanwhile: the other members read the first page of their home feed and
 * send each other messages, each at `rate` a second, on connections of their own.
 */
async function othersTraffic(
  server: ServerProcess,
  pairs: Pair[],
  rate: number,
  durationMs: number,
  drainMs: number,
): Promise<OthersResult> {
  const members = pairs.flatMap((p) => p.members);
  let nextReader = 0;
  let nextSender = 0;
  const connections = Math.max(4, members.length);
  const feedPool = new HttpPool('127.0.0.1', server.port, connections);
  const messagePool = new HttpPool('127.0.0.1', server.port, connections);
  const body = JSON.stringify({ content: 'Did you see the post everyone is liking?' });
  try {
    const [feed, messages] = await Promise.all([
      openLoop({
        pool: feedPool,
        rate,
        durationMs,
        drainMs,
        okStatus: 200,
        send: (pool) => {
          const reader = members[nextReader++ % members.length]!;
          return pool.request(
            'GET',
            `/api/feed?limit=${FEED_PAGE.default}`,
            undefined,
            reader.cookie,
          );
        },
      }),
      openLoop({
        pool: messagePool,
        rate,
        durationMs,
        drainMs,
        okStatus: 201,
        send: (pool) => {
          const turn = nextSender++;
          const pair = pairs[turn % pairs.length]!;
          const sender = pair.members[Math.floor(turn / pairs.length) % 2]!;
          return pool.request(
            'POST',
            `/api/conversations/${pair.conversationId}/messages`,
            body,
            sender.cookie,
          );
        },
      }),
    ]);
    return { feed, messages };
  } finally {
    feedPool.close();
    messagePool.close();
  }
}

function othersRows(label: string, result: OthersResult, target: boolean): Row[] {
  return (
    [
      ['feed first page', result.feed],
      ['message sent', result.messages],
    ] as const
  ).flatMap(([what, load]) => {
    const latency = summarize(load.latenciesMs);
    const failed = load.errors + load.unanswered;
    return [
      row(
        `others, ${what}, ${label}: p50 / p99 (${fmt.int(load.sent)} requests)`,
        latency.p99,
        p50p99(latency),
        target
          ? {
              text: `p99 ≤ ${HOT_POST_TARGETS.othersP99Ms} ms`,
              met: latency.count > 0 && latency.p99 <= HOT_POST_TARGETS.othersP99Ms,
            }
          : undefined,
      ),
      row(`others, ${what}, ${label}: errors + unanswered`, failed, fmt.int(failed), zero(failed)),
    ];
  });
}

/**
 * The hot post: a post that already has `earlierLikes` likes gets `rate` more a second, each by a
 * member who had not liked it, for `durationMs`, while the watchers follow it over their sockets
 * (`posts:watch`) and other members go on reading their feeds and messaging. Every watcher must
 * end at the final count; a push's latency runs from the like's commit to the first push that
 * carries it; the others' latency is measured before the storm and during it.
 */
export async function runHotPost(
  server: ServerProcess,
  seed: Pick<FeedSeed, 'withSession'>,
  numbers: HotPostMembers,
  settings: HotPostSettings,
): Promise<{ sections: Section[]; missed: string[] }> {
  // The author, and a member who never likes the post: each like profiled is theirs, rolled back.
  const [author, prober] = await createMembers(server.url, 2, 1);
  const post = await json<Post>(
    await fetch(`${server.url}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: author!.cookie },
      body: JSON.stringify({
        title: 'The hot post',
        content: 'Everyone likes this one',
        status: 'published',
        visibility: 'public',
      }),
    }),
    'publishing the hot post',
  );
  const likers = await seed.withSession(numbers.likers);
  const earlierLikers = await seed.withSession(numbers.earlierLikers);
  const others = await seed.withSession(numbers.others);
  const profiles: { label: string; profile: LikeProfile }[] = [];
  const profile = async (label: string) => {
    // The statements are this tree's: on another checkout's schema they need not run.
    if (!settings.profileStatements) return;
    profiles.push({
      label,
      profile: await profileLike(server.databaseUrl, post.id, prober!.id),
    });
  };

  progress(`hot post: ${earlierLikers.length} earlier likes through the API`);
  const firstLike = await likeEarlier(server, post.id, earlierLikers.slice(0, 1), 1);
  await profile('at 1 like');
  const earlierCpuBefore = cpuSnapshot(server.pid, server.postmasterPid());
  const earlier = await likeEarlier(
    server,
    post.id,
    earlierLikers.slice(1),
    settings.earlierConcurrency,
  );
  const earlierCpuAfter = cpuSnapshot(server.pid, server.postmasterPid());
  const earlierFailed = firstLike.failed + earlier.failed;
  const earlierRate = (earlierLikers.length - 1 - earlier.failed) / earlier.seconds;
  progress(`hot post: earlier likes at ${fmt.int(earlierRate)}/s, ${earlierFailed} failed`);
  await profile(`at ${fmt.int(earlierLikers.length - earlierFailed)} likes`);

  const pairs = await pairUp(server, others);
  const watchers: Watcher[] = (await seed.withSession(numbers.watchers)).map((m, i) => ({
    member: asMember(m, i),
    arrivals: [],
    acked: false,
  }));
  progress(`hot post: connecting ${watchers.length} watchers`);
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
  progress(`hot post: ${watching}/${watchers.length} watchers follow the post`);
  const connectedBefore = connectedCount(watchers.map((w) => w.member));

  progress(`hot post: the others' feed pages and messages without the storm`);
  const quiet = await othersTraffic(
    server,
    pairs,
    settings.othersRate,
    settings.durationMs,
    settings.drainMs,
  );

  const answers = new Map<string, PostLikeState>();
  const statuses = new Map<number, number>();
  let next = 0;
  const pool = new HttpPool('127.0.0.1', server.port, settings.connections);
  progress(
    `hot post: ${settings.rate} likes/s for ${settings.durationMs / 1000} s, ${likers.length} likers`,
  );
  const startedAt = Date.now();
  const statements = await statementsWindow(server.databaseUrl);
  const cpuBefore = cpuSnapshot(server.pid, server.postmasterPid());
  const [load, during] = await Promise.all([
    openLoop({
      pool,
      rate: settings.rate,
      durationMs: settings.durationMs,
      drainMs: settings.drainMs,
      okStatus: 200,
      send: async (p) => {
        const liker = likers[next++ % likers.length]!;
        const answer = await likeOf(post.id, liker, p);
        if (answer.status === 200) answers.set(liker.id, JSON.parse(answer.body) as PostLikeState);
        else statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        return answer;
      },
    }).finally(() => pool.close()),
    othersTraffic(server, pairs, settings.othersRate, settings.durationMs, settings.drainMs),
  ]);
  const cpuAfter = cpuSnapshot(server.pid, server.postmasterPid());
  const cpu: CpuPercent = cpuPercent(cpuBefore, cpuAfter);
  await statements.report('hot post: the storm');

  progress('hot post: waiting for the likes to settle');
  const final = await settledPost(server, post.id, author!.cookie);
  const caughtUp = () =>
    watchers.filter((w) => w.arrivals.some((a) => a.version >= final.version)).length;
  const deadline = performance.now() + settings.graceMs;
  while (performance.now() < deadline && caughtUp() < watching) await sleep(50);
  const members = watchers.map((w) => w.member);
  const connectedAfter = connectedCount(members);
  const drops = dropsSince(members, startedAt);
  closeSockets(members);
  await profile(`after the storm (${fmt.int(final.likes)})`);

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
  const earlierCount = earlierLikers.length - earlierFailed;
  // CPU time per like that landed (the others' few requests ride along): steadier than a rate
  // when other work shares the machine.
  const landed = final.likes - earlierCount;
  const perLike = (from: number, to: number) => (landed > 0 ? (to - from) / landed : Number.NaN);
  const serverPerLike = perLike(cpuBefore.server, cpuAfter.server);
  const postgresPerLike = perLike(cpuBefore.postgres, cpuAfter.postgres);
  const earlierLanded = earlierLikers.length - 1 - earlier.failed;
  const perEarlierLike = (from: number, to: number) =>
    earlierLanded > 0 ? (to - from) / earlierLanded : Number.NaN;

  const rows: Row[] = [
    row(
      'likes before the storm (through the API, distinct members), at',
      earlierCount,
      `${fmt.int(earlierCount)}, ${fmt.int(earlierRate)} likes/s`,
      { text: fmt.int(earlierLikers.length), met: earlierFailed === 0 },
    ),
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
      text: `≥ ${fmt.int(settings.rate * HOT_POST_TARGETS.rateShare)}`,
      met: sustained >= settings.rate * HOT_POST_TARGETS.rateShare,
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
        text: `≤ ${HOT_POST_TARGETS.pushP99Ms} ms`,
        met: latencies.length > 0 && push.p99 <= HOT_POST_TARGETS.pushP99Ms,
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
      zero(repeated + outOfOrder),
    ),
    ...othersRows('without the storm', quiet, false),
    ...othersRows('during the storm', during, true),
    row('CPU in the storm: server / postgres / bench / other', cpu.server, cpuText(cpu)),
    row(
      'CPU per earlier like (before the watchers connect): server / postgres',
      perEarlierLike(earlierCpuBefore.server, earlierCpuAfter.server),
      `${perEarlierLike(earlierCpuBefore.server, earlierCpuAfter.server).toFixed(2)} / ${perEarlierLike(
        earlierCpuBefore.postgres,
        earlierCpuAfter.postgres,
      ).toFixed(2)} ms`,
    ),
    row(
      'CPU per like of the storm that landed: server / postgres',
      serverPerLike,
      `${serverPerLike.toFixed(2)} / ${postgresPerLike.toFixed(2)} ms`,
    ),
  ];
  const title =
    `Hot post — ${fmt.int(settings.rate)} likes/s on a post with ${fmt.int(earlierCount)} ` +
    `likes, ${fmt.int(watchers.length)} watching sockets`;
  return {
    sections: [
      {
        title,
        rows,
        notes: [
          `The post is published through the API by a member signed up through it, then liked ` +
            `through the API by ${fmt.int(earlierLikers.length)} seeded members ` +
            `(${settings.earlierConcurrency} requests in flight), so the log, the author's ` +
            'grouped notification and every count are what the projections make of them. Each ' +
            'like of the storm is by a member who has not liked the post. A push carries the ' +
            'absolute count and the row version, so one push delivers every like below its ' +
            'version: a like reaches a watcher when the first push with a version at least its ' +
            'own arrives. Latency runs from the like’s commit (Postgres’s commit timestamp) to ' +
            'that arrival, over every (like, watcher) pair of the likes answered 200. After the ' +
            'load the post is read until its version stops moving: likes the load generator ' +
            'stopped waiting for still count.',
          `The others: ${pairs.length * 2} members in ${pairs.length} conversations, ` +
            `${settings.othersRate} first feed pages/s and ${settings.othersRate} messages/s ` +
            'between them, on connections of their own, for as long as the storm, once before ' +
            'it and once during it; latency from the scheduled send.',
          `Push window (POST_COUNTS_PUSH_WINDOW_MS): ${process.env.POST_COUNTS_PUSH_WINDOW_MS ?? 'the server’s default'}.`,
        ],
      },
      ...(profiles.length === 0
        ? []
        : [
            {
              title: `${title}: one more like, statement by statement (EXPLAIN ANALYZE, rolled back)`,
              grid: profileGrid(profiles),
              notes: [
                'The like command of one more member (signed up with the author, never liking the ' +
                  'post), as the server runs it: its reads, then its write (the append, each ' +
                  'projection’s statements, the effects and the reply), each under EXPLAIN (ANALYZE, ' +
                  'BUFFERS) in one transaction that is rolled back; twice on one connection, the ' +
                  'second timed. Postgres time only (planning and execution), without round trips; ' +
                  'shared buffers hit or read.',
              ],
            },
          ]),
    ],
    missed: rows.filter((r) => r.result === 'FAIL').map((r) => r.metric),
  };
}
