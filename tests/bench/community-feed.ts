import { randomInt } from 'node:crypto';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { FEED_PAGE } from '../../shared/posts';
import { qb } from '../../server/db/statement';
import {
  authorsFeedQuery,
  FEED_SLACK,
  timelineFeedQuery,
} from '../../server/domains/posts/home-feed-read';
import { startChildServer } from './child-server';
import type { CommunityContext, CommunityPartResult } from './community';
import { cpuMs } from './cpu';
import { compiled, explain, readFeeds, type Query, type ReaderResult } from './feed';
import type { SeededMember } from './feed-seed';
import { HttpPool, type HttpResult } from './http-pool';
import { closedLoop, openLoop } from './load';
import { statementsWindow } from './pg-statements';
import { progress } from './members';
import { fmt, row, type Grid, type Row } from './report';
import { sampleWaits, type WaitSample } from './pg-waits';
import type { StallReading } from './server-process';
import { summarize, type Summary } from './stats';

/** The issue's targets for the community feed. */
export const COMMUNITY_FEED_TARGETS = { pageP99Ms: 50, shareOfBare: 0.5 };

export interface CommunityFeedSettings {
  /** Members whose feeds the open-loop load reads, each a reader in turn. */
  members: number;
  /** Next pages a reader follows after a first page before starting over. */
  nextPages: number;
  /** Length of each step of offered rate. */
  stepMs: number;
  /** The first rate offered; each passing step offers 1.5 times more, up to `maxRate`. */
  startRate: number;
  maxRate: number;
  /** Halvings of the interval between the last rate that held and the first that did not. */
  refineSteps: number;
  connections: number;
  /** The paced run: readers, each waiting `pauseMs` after an answer. */
  readers: number;
  pauseMs: number;
  warmupMs: number;
  durationMs: number;
}

interface Step {
  rate: number;
  latency: Summary;
  errors: number;
  unanswered: number;
  held: boolean;
  /** CPU per answered page, in ms: the serving process's and Postgres' (every backend). */
  cpu: { server: number; postgres: number };
  /**
   * The longest the load generator's own event loop was held during the step, in ms: requests
   * fall due on a schedule and count from then, so a stall of the generator shows in p99 too.
   */
  generatorStallMs: number;
  /** The server's longest event-loop hold and garbage collection pause in the step, when known. */
  server: StallReading | null;
  /** What Postgres's busy processes were doing, sampled through the step. */
  postgres: WaitSample;
}

interface Capacity {
  /** The highest rate offered at which p99 held, 0 when none did. */
  rate: number;
  steps: Step[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const p50p99 = (s: Summary) => `${fmt.ms(s.p50)} / ${fmt.ms(s.p99)}`;
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');

/** Requests in flight in the warm-up: more than either side's Postgres pool holds (20). */
const WARM_UP_CONCURRENCY = 32;

/**
 * The highest offered rate at which p99 stays within the target, found by stepping: an
 * open-loop load at a fixed rate (requests are due on a schedule whatever the answers do, and
 * latency counts from when a request was due) for `stepMs`, rising by half each time a step
 * holds, then halving the interval between the last step that held and the first that did not.
 * A step holds when every request was answered, none with an error, and p99 ≤ the target.
 */
async function findCapacity(
  name: string,
  target: {
    port: number;
    pid: number;
    postmasterPid: number | null;
    stalls?: () => Promise<StallReading | null>;
  },
  databaseUrl: string,
  send: (pool: HttpPool) => Promise<HttpResult>,
  settings: CommunityFeedSettings,
): Promise<Capacity> {
  const pool = new HttpPool('127.0.0.1', target.port, settings.connections);
  const steps: Step[] = [];
  const cpu = () => ({
    server: cpuMs(target.pid),
    postgres: target.postmasterPid ? cpuMs(target.postmasterPid, true) : Number.NaN,
  });
  const offer = async (rate: number, record = true): Promise<Step> => {
    const cpuBefore = cpu();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    await target.stalls?.();
    const waits = await sampleWaits(databaseUrl);
    const result = await openLoop({
      pool,
      rate,
      durationMs: settings.stepMs,
      drainMs: 10_000,
      okStatus: 200,
      send,
    });
    const cpuAfter = cpu();
    loopDelay.disable();
    const serverStalls = (await target.stalls?.()) ?? null;
    const postgresWaits = await waits.stop();
    const latency = summarize(result.latenciesMs);
    const perPage = (from: number, to: number) => (to - from) / Math.max(latency.count, 1);
    const step: Step = {
      rate,
      latency,
      errors: result.errors,
      unanswered: result.unanswered,
      held:
        result.errors === 0 &&
        result.unanswered === 0 &&
        latency.count === result.sent &&
        latency.p99 <= COMMUNITY_FEED_TARGETS.pageP99Ms,
      cpu: {
        server: perPage(cpuBefore.server, cpuAfter.server),
        postgres: perPage(cpuBefore.postgres, cpuAfter.postgres),
      },
      generatorStallMs: loopDelay.max / 1e6,
      server: serverStalls,
      postgres: postgresWaits,
    };
    if (record) {
      steps.push(step);
      progress(
        `${name}: ${fmt.int(rate)}/s offered, p50/p99 ${p50p99(latency)}, ` +
          `${step.errors} errors, ${step.unanswered} unanswered, CPU/page server ` +
          `${fmt.ms(step.cpu.server)} Postgres ${fmt.ms(step.cpu.postgres)}, generator stall ` +
          `${fmt.ms(step.generatorStallMs)}` +
          (step.server
            ? `, server loop ${fmt.ms(step.server.loopMaxMs)} gc max ${fmt.ms(step.server.gcMaxMs)}` +
              ` total ${fmt.ms(step.server.gcTotalMs)}`
            : '') +
          `; Postgres in ${postgresWaits.samples} samples: ` +
          postgresWaits.top
            .slice(0, 4)
            .map(([label, n]) => `${label} ${n}`)
            .join('; ') +
          ': ' +
          (step.held ? 'held' : 'missed'),
      );
    }
    // A step that fell behind leaves the server busy for a moment: let it settle.
    await sleep(1000);
    return step;
  };
  try {
    // Both sides open every connection of their Postgres pools (20 each) and run their statements
    // on each more than five times, so Postgres has settled on its plans: a connection opened
    // during the search costs its first requests a backend's start and custom plans, a stall of
    // 100–260 ms that ended the bare route's search at a rate far below its capacity
    // (docs/performance.md, "The feed's capacity row: the baseline's stalls were its own new
    // connections").
    await closedLoop({
      pool,
      concurrency: WARM_UP_CONCURRENCY,
      warmupMs: 0,
      durationMs: 3000,
      send,
      okStatus: 200,
    });
    await offer(settings.startRate, false);
    let held: Step | null = null;
    let missed: Step | null = null;
    for (let rate = settings.startRate; rate <= settings.maxRate; rate = Math.round(rate * 1.5)) {
      const step = await offer(rate);
      if (!step.held) {
        missed = step;
        break;
      }
      held = step;
    }
    for (let i = 0; i < settings.refineSteps && held && missed; i++) {
      const rate = Math.round((held.rate + missed.rate) / 2);
      if (rate === held.rate || rate === missed.rate) break;
      const step = await offer(rate);
      if (step.held) held = step;
      else missed = step;
    }
    return { rate: held?.rate ?? 0, steps };
  } finally {
    pool.close();
  }
}

/**
 * Feed pages as the home screen asks for them, from many members at once: a member reads a
 * first page, then `nextPages` next pages with the cursor it was given, then starts over. Each
 * request is by a member with no request in flight, when one can be found.
 */
function feedPages(members: SeededMember[], nextPages: number, path: string) {
  const readers = members.map((member) => ({
    member,
    cursor: null as string | null,
    pages: 0,
    busy: false,
  }));
  const pick = () => {
    for (let i = 0; i < 8; i++) {
      const reader = readers[randomInt(readers.length)]!;
      if (!reader.busy) return reader;
    }
    return readers[randomInt(readers.length)]!;
  };
  return async (pool: HttpPool): Promise<HttpResult> => {
    const reader = pick();
    reader.busy = true;
    const next = reader.cursor !== null && reader.pages < nextPages;
    const query = next
      ? `limit=${FEED_PAGE.more}&cursor=${encodeURIComponent(reader.cursor!)}`
      : `limit=${FEED_PAGE.default}`;
    try {
      const answer = await pool.request('GET', `${path}?${query}`, undefined, reader.member.cookie);
      const cursor = /"nextCursor":"([^"]+)"/.exec(answer.body)?.[1] ?? null;
      reader.pages = next ? reader.pages + 1 : 0;
      reader.cursor = answer.status === 200 ? cursor : null;
      return answer;
    } finally {
      reader.busy = false;
    }
  };
}

function stepsGrid(capacities: { name: string; capacity: Capacity }[]): Grid {
  const lines = capacities.flatMap(({ name, capacity }) =>
    capacity.steps.map((s) => ({ name, s })),
  );
  return {
    header: [
      'read',
      'offered/s',
      'p50',
      'p99',
      'errors',
      'unanswered',
      'CPU/page: server',
      'Postgres',
      'generator stall',
      'server loop held',
      'server GC pause',
      'p99 ≤ 50 ms',
    ],
    numeric: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    cells: lines.map(({ name, s }) => [
      name,
      fmt.int(s.rate),
      fmt.ms(s.latency.p50),
      fmt.ms(s.latency.p99),
      fmt.int(s.errors),
      fmt.int(s.unanswered),
      fmt.ms(s.cpu.server),
      fmt.ms(s.cpu.postgres),
      fmt.ms(s.generatorStallMs),
      s.server ? fmt.ms(s.server.loopMaxMs) : '—',
      s.server ? fmt.ms(s.server.gcMaxMs) : '—',
      s.held ? 'yes' : 'no',
    ]),
    raw: lines.map(({ name, s }) => ({ read: name, ...s })),
  };
}

/** Times the server's pool plans and runs a statement before EXPLAIN shows its plan. */
const PREPARED_RUNS = 6;

/**
 * The plan of a statement as the server runs it: a named prepared statement (the server's pool
 * prepares every parameterised query, db/prepared-client.ts) explained after `PREPARED_RUNS`
 * executions, by when Postgres has settled on a custom or a generic plan; a generic plan
 * shows the parameters as `$n` and costs next to nothing to plan.
 */
async function explainPrepared(client: pg.Client, query: Query): Promise<string> {
  const values = query.parameters as unknown[];
  const literal = (value: unknown) => client.escapeLiteral(String(value));
  await client.query(`prepare feed_page as ${query.sql}`);
  try {
    for (let i = 0; i < PREPARED_RUNS; i++)
      await client.query(`execute feed_page(${values.map(literal).join(', ')})`);
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) execute feed_page(${values.map(literal).join(', ')})`,
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('deallocate feed_page');
  }
}

/** The same reader's first page from the timeline and from the authors, as Postgres plans them. */
async function plans(databaseUrl: string, viewer: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const take = (source: 'timeline' | 'authors') => FEED_PAGE.default + 1 + FEED_SLACK[source];
    const timeline = compiled(timelineFeedQuery(qb, viewer, take('timeline'), null));
    return [
      {
        title: `timeline, first page (limit ${take('timeline')}), planned for its values`,
        plan: await explain(client, timeline),
      },
      {
        title:
          `timeline, first page, as the server runs it: prepared, after ${PREPARED_RUNS} ` +
          'executions',
        plan: await explainPrepared(client, timeline),
      },
      {
        title: `authors' indexes (the feed before timelines), first page (limit ${take('authors')})`,
        plan: await explain(client, compiled(authorsFeedQuery(qb, viewer, take('authors'), null))),
      },
    ];
  } finally {
    await client.end();
  }
}

function pacedRows(
  label: string,
  read: ReaderResult,
  target: boolean,
  settings: CommunityFeedSettings,
): Row[] {
  const { pauseMs } = settings;
  const first = summarize(read.first);
  const next = summarize(read.next);
  const perPage = (percent: number) =>
    fmt.ms(((percent / 100) * settings.durationMs) / Math.max(read.pages, 1));
  const within = (s: Summary) =>
    target
      ? {
          text: `p99 ≤ ${COMMUNITY_FEED_TARGETS.pageP99Ms} ms`,
          met: s.count > 0 && s.p99 <= COMMUNITY_FEED_TARGETS.pageP99Ms,
        }
      : undefined;
  return [
    row(
      `${label}, ${pauseMs} ms pauses: first page p50 / p99`,
      first.p99,
      p50p99(first),
      within(first),
    ),
    row(
      `${label}, ${pauseMs} ms pauses: next pages p50 / p99`,
      next.p99,
      p50p99(next),
      within(next),
    ),
    row(
      `${label}, ${pauseMs} ms pauses: pages/s, errors, posts handed out twice`,
      read.pages,
      `${fmt.int(read.pages / (settings.durationMs / 1000))}, ${read.errors}, ${read.duplicates}`,
      target
        ? { text: '0 errors, 0 twice', met: read.errors === 0 && read.duplicates === 0 }
        : undefined,
    ),
    row(
      `${label}, ${pauseMs} ms pauses: CPU per page, server / Postgres`,
      read.cpu.server,
      `${perPage(read.cpu.server)} / ${perPage(read.cpu.postgres)}`,
    ),
  ];
}

/**
 * Row 1 of the community scenario: the feed's capacity at p99 ≤ 50 ms beside a bare Express
 * route on the same Postgres, and the feed at 50 readers pausing 500 ms. Each is measured for
 * the timeline (`GET /api/feed`) and for the feed as it was read before timelines, from every
 * author's index (`GET /api/test/feed/authors`), in the same run.
 */
export async function runCommunityFeedBench(
  context: CommunityContext,
): Promise<CommunityPartResult> {
  const { server, seed, settings } = context;
  const feed = settings.feed;
  const members = await seed.withSession(context.draw(feed.members));
  const loadBefore = load();

  const bare = await startChildServer(
    settings.repoRoot,
    'bare-feed-route.ts',
    [server.databaseUrl],
    'bare feed route',
  );
  const capacities: { name: string; capacity: Capacity }[] = [];
  try {
    const authors = seed.ids;
    capacities.push({
      name: 'bare route',
      capacity: await findCapacity(
        'bare route',
        { port: bare.port, pid: bare.pid, postmasterPid: server.postmasterPid() },
        server.databaseUrl,
        (pool) => pool.request('GET', `/bare-feed?author=${authors[randomInt(authors.length)]}`),
        feed,
      ),
    });
  } finally {
    bare.child.kill('SIGTERM');
  }
  for (const [name, path] of [
    ['timeline', '/api/feed'],
    ['authors', '/api/test/feed/authors'],
  ] as const) {
    capacities.push({
      name,
      capacity: await findCapacity(
        name,
        {
          port: server.port,
          pid: server.pid,
          postmasterPid: server.postmasterPid(),
          stalls: () => server.stalls(),
        },
        server.databaseUrl,
        feedPages(members, feed.nextPages, path),
        feed,
      ),
    });
  }
  const [bareCapacity, timeline, authors] = capacities.map((c) => c.capacity.rate) as [
    number,
    number,
    number,
  ];

  const readers = members.slice(0, feed.readers);
  // With pg_stat_statements loaded, where Postgres spent the paced timeline's time.
  const statements = await statementsWindow(server.databaseUrl);
  const pacedTimeline = await readFeeds(server, readers, feed, feed.pauseMs);
  await statements.report('paced timeline readers');
  const paced: Record<'timeline' | 'authors' | 'together', ReaderResult> = {
    timeline: pacedTimeline,
    authors: await readFeeds(server, readers, feed, feed.pauseMs, '/api/test/feed/authors'),
    together: await readFeeds(server, readers, feed, feed.pauseMs, '/api/feed', 'together'),
  };
  const loadAfter = load();
  const share = bareCapacity > 0 ? timeline / bareCapacity : Number.NaN;

  const rows: Row[] = [
    row(
      'feed capacity at p99 ≤ 50 ms (first and next pages mixed) vs a bare route',
      timeline,
      `${fmt.int(timeline)} vs ${fmt.int(bareCapacity)} pages/s (${(share * 100).toFixed(0)}%)`,
      {
        text: `≥ ${COMMUNITY_FEED_TARGETS.shareOfBare * 100}% of bare`,
        met: share >= COMMUNITY_FEED_TARGETS.shareOfBare,
      },
    ),
    row(
      'the same from the authors’ indexes (the feed before timelines)',
      authors,
      `${fmt.int(authors)} pages/s (timeline ${authors > 0 ? `${(timeline / authors).toFixed(1)}×` : 'n/a'})`,
    ),
    ...pacedRows(`timeline, ${feed.readers} readers`, paced.timeline, true, feed),
    ...pacedRows(`authors' indexes, ${feed.readers} readers`, paced.authors, false, feed),
    // Only its latencies, the point of the row: its rate and CPU come out as the spread run's.
    ...pacedRows(
      `timeline, ${feed.readers} readers all starting at once`,
      paced.together,
      false,
      feed,
    ).slice(0, 2),
  ];
  const title = 'Community — feed';
  return {
    sections: [
      {
        title,
        rows,
        notes: [
          `Capacity: open-loop load of ${fmt.int(feed.members)} members' feeds (a first page of ` +
            `${FEED_PAGE.default}, then ${feed.nextPages} next pages of ${FEED_PAGE.more}), ` +
            `${feed.stepMs / 1000} s a step, ${feed.connections} keep-alive connections; the ` +
            'rate rises by half while p99 holds, then the interval to the first miss is halved ' +
            `${feed.refineSteps} times. The bare route is Express and pg in a process of its ` +
            'own on the same Postgres, answering 20 posts of a random author from one range ' +
            'scan of posts_author_feed (SELECT *), with no session, middleware or policy. Paced: ' +
            `${feed.readers} readers, each waiting ${feed.pauseMs} ms after an answer, their ` +
            `first requests spread over the first ${feed.pauseMs} ms (and, for comparison, all ` +
            'sent at once, which keeps the readers in step: a burst of every reader at a time); ' +
            `${feed.warmupMs / 1000} s warm-up, ${feed.durationMs / 1000} s measured. ` +
            `Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAfter}.`,
        ],
      },
      { title: `${title}: every step of offered rate`, grid: stepsGrid(capacities) },
      {
        title: `${title}: query plans (EXPLAIN ANALYZE, BUFFERS)`,
        notes: (await plans(server.databaseUrl, readers[0]!.id)).map(
          (p) => `${p.title}:\n\n${p.plan}`,
        ),
      },
    ],
    missed: rows.filter((r) => r.result === 'FAIL').map((r) => r.metric),
  };
}
