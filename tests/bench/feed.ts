import { createHash, randomInt } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { FeedPage } from '../../shared/posts';
import { FEED_PAGE } from '../../shared/posts';
import { qb } from '../../server/db/statement';
import { FEED_SLACK, timelineFeedQuery } from '../../server/domains/posts/home-feed-read';
import { postRows } from '../../server/domains/posts/posts-read';
import { cpuPercent, cpuSnapshot, type CpuPercent } from './cpu';
import { seedFeed, type FeedSeed, type FeedSeedSize, type SeededMember } from './feed-seed';
import { runHotPost, type HotPostSettings } from './community-hot-post';
import { HttpPool } from './http-pool';
import { progress } from './members';
import { fmt, row, type Row, type Section } from './report';
import { freePort } from '../support/free-port';
import { startServer, type ServerProcess } from './server-process';
import { summarize, type Summary } from './stats';
import { runTagPages } from './tags';

/** The issue's targets for the `feed` scenario. */
export const FEED_TARGETS = { pageP99Ms: 50 };

export interface FeedBenchSettings {
  size: FeedSeedSize;
  readers: number;
  /** Next pages each reader follows after a first page before starting over. */
  nextPages: number;
  /** The paced run: each reader waits this long after an answer before its next request. */
  pauseMs: number;
  warmupMs: number;
  durationMs: number;
  /** Seconds per cell of the query comparison, at each concurrency. */
  sqlMs: number;
  /** Only the hot post: no feed reading, no query comparison (for work on the like path). */
  hotPostOnly: boolean;
  /** Another checkout whose hot post runs first, on a server of its own (BENCH_HOT_POST_BASELINE). */
  hotPostBaseline: string | undefined;
  hotPost: HotPostSettings & { watchers: number; likers: number; others: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (n: number) => (Number.isFinite(n) ? `${Math.max(0, n).toFixed(0)}%` : 'n/a');
const p50p99 = (s: Summary) => `${fmt.ms(s.p50)} / ${fmt.ms(s.p99)}`;
const cpuText = (cpu: CpuPercent) =>
  [cpu.server, cpu.postgres, cpu.bench, cpu.other].map(pct).join(' / ');

/** Distinct random seed numbers, in disjoint sets of the given sizes (the last may be short). */
function draw(count: number, sizes: number[]): number[][] {
  const all = Array.from({ length: count }, (_, i) => i);
  for (let i = all.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  const out: number[][] = [];
  let at = 0;
  for (const size of sizes) {
    out.push(all.slice(at, at + size));
    at += size;
  }
  return out;
}

export interface ReaderResult {
  first: number[];
  next: number[];
  errors: number;
  pages: number;
  cpu: CpuPercent;
  /** Posts handed out twice to one reader within one pass down the feed. */
  duplicates: number;
}

/**
 * How paced readers begin: `spread`, each at its own moment within the first pause, as members
 * who open the app independently do; `together`, all in the same instant. Readers that start
 * together stay in step, since each waits the same pause after an answer that takes about as
 * long as the others': every first page then arrives in one burst of all the readers, a burst
 * test rather than a paced one (docs/performance.md, "Paced readers in step").
 */
export type ReaderStart = 'spread' | 'together';

/**
 * `readers` members, one connection each, read their feeds as the home screen does: the first
 * 20, then 5 more at a time. Each reader sends its next request `pauseMs` after the last
 * answered (0: at once, a closed loop). Latency counts only answers inside the window.
 */
export async function readFeeds(
  server: ServerProcess,
  readers: SeededMember[],
  settings: Pick<FeedBenchSettings, 'warmupMs' | 'durationMs' | 'nextPages'>,
  pauseMs: number,
  feedPath = '/api/feed',
  begin: ReaderStart = 'spread',
): Promise<ReaderResult> {
  const pool = new HttpPool('127.0.0.1', server.port, readers.length);
  const start = performance.now();
  const windowStart = start + settings.warmupMs;
  const end = windowStart + settings.durationMs;
  const result: ReaderResult = {
    first: [],
    next: [],
    errors: 0,
    pages: 0,
    cpu: { server: Number.NaN, postgres: Number.NaN, bench: Number.NaN, other: Number.NaN },
    duplicates: 0,
  };
  let before = cpuSnapshot(server.pid, server.postmasterPid());
  const windowTimer = setTimeout(() => {
    before = cpuSnapshot(server.pid, server.postmasterPid());
  }, settings.warmupMs);
  const page = async (reader: SeededMember, cursor: string | null, into: number[]) => {
    if (pauseMs > 0) await sleep(pauseMs);
    const limit = cursor ? FEED_PAGE.more : FEED_PAGE.default;
    const path = `${feedPath}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const sentAt = performance.now();
    // A connection reset by an overloaded server is an error to count, not the end of the run.
    const answer = await pool
      .request('GET', path, undefined, reader.cookie)
      .catch(() => ({ status: 0, body: '' }));
    const doneAt = performance.now();
    const inWindow = sentAt >= windowStart && doneAt <= end;
    if (answer.status !== 200) {
      if (inWindow) result.errors += 1;
      return null;
    }
    if (inWindow) {
      into.push(doneAt - sentAt);
      result.pages += 1;
    }
    return JSON.parse(answer.body) as FeedPage;
  };
  const reader = async (member: SeededMember) => {
    if (pauseMs > 0 && begin === 'spread') await sleep(randomInt(pauseMs));
    while (performance.now() < end) {
      const seen = new Set<string>();
      let current = await page(member, null, result.first);
      for (let i = 0; current && i <= settings.nextPages; i++) {
        for (const post of current.posts) {
          if (seen.has(post.id)) result.duplicates += 1;
          seen.add(post.id);
        }
        if (i === settings.nextPages || !current.nextCursor || performance.now() >= end) break;
        current = await page(member, current.nextCursor, result.next);
      }
    }
  };
  try {
    await Promise.all(readers.map(reader));
    result.cpu = cpuPercent(before, cpuSnapshot(server.pid, server.postmasterPid()));
  } finally {
    clearTimeout(windowTimer);
    pool.close();
  }
  return result;
}

/** One query as the bench sends it: SQL and parameters, compiled from the server's own code. */
export interface Query {
  sql: string;
  parameters: readonly unknown[];
}

export const compiled = (query: { compile(): Query }): Query => {
  const { sql, parameters } = query.compile();
  return { sql, parameters };
};

/** The feed's first page and a next page for a reader: `readFeed`'s first round of each. */
const feedFirst = (viewer: string) =>
  compiled(timelineFeedQuery(qb, viewer, FEED_PAGE.default + 1 + FEED_SLACK.timeline, null));
const feedNext = (viewer: string, before: number) =>
  compiled(timelineFeedQuery(qb, viewer, FEED_PAGE.more + 1 + FEED_SLACK.timeline, before));

/**
 * The baseline: the same columns for the same viewer, from the same table, ordered by the same
 * key, but with no feed to compute: `... ORDER BY feed_seq DESC LIMIT n` over every published
 * post, on an index of its own (made for the comparison, dropped after).
 */
const plainFirst = (viewer: string) =>
  compiled(
    postRows(qb, viewer)
      .where('p.status', '=', 'published')
      .orderBy('p.feed_seq', 'desc')
      .limit(FEED_PAGE.default + 1),
  );
const plainNext = (viewer: string, before: number) =>
  compiled(
    postRows(qb, viewer)
      .where('p.status', '=', 'published')
      .where('p.feed_seq', '<', before)
      .orderBy('p.feed_seq', 'desc')
      .limit(FEED_PAGE.more + 1),
  );

/** Prepared by name, as the server's connections prepare every statement they send. */
const preparedName = (text: string) => `b${createHash('sha1').update(text).digest('hex')}`;

/** `clients` connections each running the next query as soon as the last answered. */
export async function queryLoop(
  databaseUrl: string,
  clients: number,
  durationMs: number,
  next: () => Query,
): Promise<{ latencies: number[]; perSecond: number }> {
  const connections = await Promise.all(
    Array.from({ length: clients }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      return client;
    }),
  );
  const latencies: number[] = [];
  // A short warm-up per cell: the connections' first plans and the buffers the query touches.
  const warmEnd = performance.now() + 500;
  const end = warmEnd + durationMs;
  try {
    await Promise.all(
      connections.map(async (client) => {
        while (performance.now() < end) {
          const query = next();
          const sentAt = performance.now();
          await client.query({
            name: preparedName(query.sql),
            text: query.sql,
            values: query.parameters as unknown[],
          });
          const doneAt = performance.now();
          if (sentAt >= warmEnd && doneAt <= end) latencies.push(doneAt - sentAt);
        }
      }),
    );
  } finally {
    await Promise.all(connections.map((c) => c.end()));
  }
  return { latencies, perSecond: latencies.length / (durationMs / 1000) };
}

export async function explain(client: pg.Client, query: Query): Promise<string> {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${query.sql}`,
    query.parameters as unknown[],
  );
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** The plan reads the timeline by its key, and nothing by a sequential scan. */
const usesIndexes = (plan: string) =>
  plan.includes('home_timelines_pkey') &&
  !/Seq Scan on (posts|home_timelines|friendships|follows|users)\b/.test(plan);

interface QueryComparison {
  rows: Row[];
  plans: { title: string; plan: string }[];
  plansUseIndexes: boolean;
}

/**
 * The feed query against the plain `ORDER BY ... LIMIT` over the same table, straight on
 * Postgres (no HTTP), one client and then as many as there are readers, in the same run.
 */
async function compareQueries(
  server: ServerProcess,
  readers: SeededMember[],
  settings: FeedBenchSettings,
): Promise<QueryComparison> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    // Where each reader's second page starts: the last of their first page.
    const cursors = new Map<string, number>();
    for (const reader of readers) {
      const { rows } = await client.query<{ feed_seq: number; visible: boolean }>(
        feedFirst(reader.id).sql,
        feedFirst(reader.id).parameters as unknown[],
      );
      const last = rows.filter((r) => r.visible)[FEED_PAGE.default - 1];
      if (last) cursors.set(reader.id, Number(last.feed_seq));
    }
    const paged = readers.filter((r) => cursors.has(r.id));
    const sample = paged[0] ?? readers[0]!;
    const sampleCursor = cursors.get(sample.id) ?? Number.MAX_SAFE_INTEGER;
    const plans = [
      {
        title: `feed, first page (limit ${FEED_PAGE.default + 1 + FEED_SLACK.timeline})`,
        plan: await explain(client, feedFirst(sample.id)),
      },
      {
        title: `feed, next page (limit ${FEED_PAGE.more + 1 + FEED_SLACK.timeline}, below the first page)`,
        plan: await explain(client, feedNext(sample.id, sampleCursor)),
      },
    ];
    const plansUseIndexes = plans.every((p) => usesIndexes(p.plan));

    progress('feed: the plain ORDER BY … LIMIT baseline gets an index of its own');
    await client.query(
      `create index posts_bench_plain on posts (feed_seq desc) where status = 'published'`,
    );
    const rows: Row[] = [];
    try {
      await client.query('analyze posts');
      plans.push({
        title: 'plain ORDER BY feed_seq DESC LIMIT 21 (baseline)',
        plan: await explain(client, plainFirst(sample.id)),
      });
      const pick = () => paged[randomInt(paged.length)] ?? sample;
      const cells: { name: string; next: () => Query }[] = [
        { name: 'feed, first page', next: () => feedFirst(pick().id) },
        {
          name: 'feed, next page',
          next: () => {
            const r = pick();
            return feedNext(r.id, cursors.get(r.id) ?? sampleCursor);
          },
        },
        { name: 'plain ORDER BY … LIMIT, first page', next: () => plainFirst(pick().id) },
        {
          name: 'plain ORDER BY … LIMIT, next page',
          next: () => {
            const r = pick();
            return plainNext(r.id, cursors.get(r.id) ?? sampleCursor);
          },
        },
      ];
      const results = new Map<string, Summary>();
      for (const clients of [1, settings.readers]) {
        for (const cell of cells) {
          progress(`feed: SQL "${cell.name}", ${clients} client(s)`);
          const measured = await queryLoop(server.databaseUrl, clients, settings.sqlMs, cell.next);
          const summary = summarize(measured.latencies);
          results.set(`${clients}:${cell.name}`, summary);
          rows.push(
            row(
              `SQL ${cell.name}, ${clients} client${clients > 1 ? 's' : ''}: p50 / p99 (queries/s)`,
              summary.p99,
              `${p50p99(summary)} (${fmt.int(measured.perSecond)})`,
            ),
          );
        }
      }
      for (const clients of [1, settings.readers]) {
        const feed = results.get(`${clients}:feed, first page`)!;
        const plain = results.get(`${clients}:plain ORDER BY … LIMIT, first page`)!;
        rows.push(
          row(
            `SQL feed first page ÷ plain, p50, ${clients} client${clients > 1 ? 's' : ''}`,
            feed.p50 / plain.p50,
            `${(feed.p50 / plain.p50).toFixed(1)}×`,
          ),
        );
      }
    } finally {
      await client.query('drop index posts_bench_plain');
      await client.query('analyze posts');
    }
    return { rows, plans, plansUseIndexes };
  } finally {
    await client.end();
  }
}

/** Which seeded members play which part in the hot post: disjoint, at random. */
function hotPostMembers(settings: FeedBenchSettings) {
  const { size, hotPost: hot } = settings;
  const [readerNumbers, watcherNumbers, likerNumbers, otherNumbers, rest] = draw(size.members, [
    settings.readers,
    hot.watchers,
    hot.likers,
    hot.others,
    size.members,
  ]);
  return {
    readers: readerNumbers!,
    members: {
      watchers: watcherNumbers!,
      likers: likerNumbers!,
      // The post's earlier likers: anyone but the storm's likers.
      earlierLikers: [...rest!, ...readerNumbers!, ...watcherNumbers!, ...otherNumbers!].slice(
        0,
        hot.earlierLikes,
      ),
      others: otherNumbers!,
    },
  };
}

/**
 * The hot post on another checkout of the product (main's code, say), on a server and an
 * embedded Postgres of its own, seeded the same way, in this run: a before beside the after,
 * measured minutes apart on the same machine. Its server is stopped before this run's goes on.
 */
async function baselineHotPost(root: string, settings: FeedBenchSettings): Promise<Section[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'agora-bench-baseline-'));
  await chmod(dataDir, 0o755);
  progress(`hot post baseline: starting the server of ${root}`);
  const server = await startServer({
    repoRoot: root,
    dataDir,
    databaseUrl: undefined,
    embeddedPgPort: await freePort(),
  });
  try {
    const seed = await seedFeed(server.databaseUrl, settings.size);
    const { sections } = await runHotPost(server, seed, hotPostMembers(settings).members, {
      ...settings.hotPost,
      profileStatements: false,
    });
    return sections.map((section) => ({
      ...section,
      title: `Baseline (${root}): ${section.title}`,
    }));
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function runFeedBench(
  server: ServerProcess,
  settings: FeedBenchSettings,
): Promise<{ sections: Section[]; missed: string[] }> {
  const { size } = settings;
  progress(
    `feed: seeding ${size.members.toLocaleString('en-US')} members, ` +
      `${size.posts.toLocaleString('en-US')} posts, ${size.friends} friends each on average`,
  );
  const baseline = settings.hotPostBaseline
    ? await baselineHotPost(settings.hotPostBaseline, settings)
    : [];
  const seed: FeedSeed = await seedFeed(server.databaseUrl, size);
  const parts = hotPostMembers(settings);
  const hotPost = () => runHotPost(server, seed, parts.members, settings.hotPost);
  if (settings.hotPostOnly) {
    const own = await hotPost();
    return { sections: [...baseline, ...own.sections], missed: own.missed };
  }
  const readers = await seed.withSession(parts.readers);

  const runs = [];
  for (const pauseMs of [0, settings.pauseMs]) {
    progress(
      `feed: ${settings.readers} readers, first page then ${settings.nextPages} next pages, ` +
        `${pauseMs} ms between a reader's pages, ${settings.durationMs / 1000} s`,
    );
    const read = await readFeeds(server, readers, settings, pauseMs);
    const run = { pauseMs, read, first: summarize(read.first), next: summarize(read.next) };
    progress(`feed: first page p50/p99 ${p50p99(run.first)}, next ${p50p99(run.next)}`);
    runs.push(run);
  }

  const tags = await runTagPages(server, readers, settings, {
    pageP99Ms: FEED_TARGETS.pageP99Ms,
    readFeeds,
    explain,
  });
  const comparison = await compareQueries(server, readers, settings);
  const storm = await hotPost();

  const within = (s: Summary) => ({
    text: `p99 ≤ ${FEED_TARGETS.pageP99Ms} ms`,
    met: s.count > 0 && s.p99 <= FEED_TARGETS.pageP99Ms,
  });
  const feedRows: Row[] = [
    row(
      'seeded: members / friendships (rows) / posts',
      size.posts,
      `${fmt.int(size.members)} / ${fmt.int(seed.friendships)} / ${fmt.int(size.posts)}`,
    ),
    row(
      'friends per member, average',
      seed.friendships / size.members,
      (seed.friendships / size.members).toFixed(1),
    ),
    row('seeding time (SQL into the read models)', seed.seconds, `${seed.seconds.toFixed(0)} s`),
    ...runs.flatMap(({ pauseMs, read, first, next }) => {
      const how = pauseMs === 0 ? 'no pause' : `${pauseMs} ms pause`;
      const pagesPerSecond = read.pages / (settings.durationMs / 1000);
      return [
        row(
          `HTTP first page (${FEED_PAGE.default} posts), ${settings.readers} readers, ${how}: p50 / p99`,
          first.p99,
          p50p99(first),
          within(first),
        ),
        row(
          `HTTP next pages (${FEED_PAGE.more} posts), ${settings.readers} readers, ${how}: p50 / p99`,
          next.p99,
          p50p99(next),
          within(next),
        ),
        row(`HTTP pages answered per second, ${how}`, pagesPerSecond, fmt.int(pagesPerSecond)),
        row(`HTTP errors, ${how}`, read.errors, fmt.int(read.errors), {
          text: '0',
          met: read.errors === 0,
        }),
        row(
          `posts handed out twice in one pass down a feed, ${how}`,
          read.duplicates,
          fmt.int(read.duplicates),
          { text: '0', met: read.duplicates === 0 },
        ),
        row(
          `CPU while reading, ${how}: server / postgres / bench / other`,
          read.cpu.server,
          cpuText(read.cpu),
        ),
      ];
    }),
    row(
      'feed plans use indexes (home_timelines_pkey, no sequential scan)',
      comparison.plansUseIndexes ? 1 : 0,
      comparison.plansUseIndexes ? 'yes' : 'no',
      { text: 'yes', met: comparison.plansUseIndexes },
    ),
    ...comparison.rows,
    ...tags.rows,
  ];
  const title =
    `Feed — ${fmt.int(size.members)} members, ${fmt.int(size.posts)} posts, ` +
    `${size.friends} friends on average`;
  const sections: Section[] = [
    {
      title,
      rows: feedRows,
      notes: [
        `Readers use keep-alive connections, one each: first page, then ${settings.nextPages} ` +
          'next pages, then over. "No pause": each sends its next request as soon as the last ' +
          `answered, so ${settings.readers} requests are always in flight and latency is ` +
          `${settings.readers} ÷ the rate the machine sustains. "${settings.pauseMs} ms pause": ` +
          'each waits that long after an answer, a reader scrolling fast. ' +
          `${settings.warmupMs / 1000} s of warm-up, ${settings.durationMs / 1000} s measured each. ` +
          'The SQL rows run the same compiled queries straight on Postgres; the plain baseline ' +
          'selects the same columns for the same viewer ordered by the same key over every ' +
          'published post, on an index made for it and dropped after.',
        'Seeded by set-based SQL into users, friendships, posts and post_numbers (no events: ' +
          'a rebuild would drop them; nothing measured reads the log for them), each post on a ' +
          'log position reserved from the events identity as its feed order; then VACUUM ' +
          'ANALYZE. Sessions of the readers, watchers and likers are inserted the same way.',
      ],
    },
    {
      title: `${title}: query plans (EXPLAIN ANALYZE, BUFFERS)`,
      notes: [...comparison.plans, ...tags.plans].map((p) => `${p.title}:\n\n${p.plan}`),
    },
    ...baseline,
    ...storm.sections,
  ];
  const missed = [
    ...feedRows.filter((r) => r.result === 'FAIL').map((r) => r.metric),
    ...storm.missed,
  ];
  return { sections, missed };
}
