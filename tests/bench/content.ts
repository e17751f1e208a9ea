import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { CONTENT_PAGE, type ContentSearchQuery } from '../../shared/content';
import { qb } from '../../server/db/statement';
import { searchPageQuery } from '../../server/domains/content/content-search';
import { postRows } from '../../server/domains/posts/posts-read';
import { cpuPercent, cpuSnapshot, type CpuPercent } from './cpu';
import { compiled, explain, queryLoop, type Query } from './feed';
import { seedFeed, type FeedSeedSize, type SeededMember } from './feed-seed';
import { COMMON_SHARE, RARE_SHARE, seedSearchWords, type SearchWord } from './search-seed';
import { HttpPool } from './http-pool';
import { progress } from './members';
import { fmt, row, type Row, type Section } from './report';
import type { ServerProcess } from './server-process';
import { summarize, type Summary } from './stats';

/** The target of the `content` scenario (issue #14): search stays interactive at 50k posts. */
export const CONTENT_TARGETS = { searchP99Ms: 100 };

export interface ContentBenchSettings {
  size: FeedSeedSize;
  /** Distinct words the seeded posts draw from, rank 1 the most frequent (Zipf-like). */
  vocabulary: number;
  wordsPerPost: number;
  /** Concurrent searching members, one keep-alive connection each; also the SQL clients. */
  readers: number;
  warmupMs: number;
  durationMs: number;
  /** Posts of the member whose export is timed. */
  exportPosts: number;
  exportRuns: number;
}

const pct = (n: number) => (Number.isFinite(n) ? `${Math.max(0, n).toFixed(0)}%` : 'n/a');
const p50p99 = (s: Summary) => `${fmt.ms(s.p50)} / ${fmt.ms(s.p99)}`;
const cpuText = (cpu: CpuPercent) =>
  [cpu.server, cpu.postgres, cpu.bench, cpu.other].map(pct).join(' / ');

/** Distinct random seed numbers: `count` of 0..total-1. */
function drawNumbers(total: number, count: number): number[] {
  const all = Array.from({ length: total }, (_, i) => i);
  for (let i = all.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, count);
}

interface WordSeed {
  common: SearchWord;
  rare: SearchWord;
  totalPosts: number;
  exporterPosts: number;
  seconds: number;
  /** Of `seconds`: the search documents (`post_search`). */
  documentsSeconds: number;
}

/**
 * Gives the seeded posts words to search (`seedSearchWords`: Zipf-like draws from made-up words,
 * then every post's search document). The exporter first gets posts of its own up to
 * `exportPosts`, numbered and ordered as feed-seed numbers them.
 */
async function seedWords(
  databaseUrl: string,
  settings: ContentBenchSettings,
  memberIds: string[],
  exporterId: string,
): Promise<WordSeed> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: had } = await client.query<{ n: number }>(
      'select count(*)::int as n from posts where author_id = $1',
      [exporterId],
    );
    const extra = Math.max(0, settings.exportPosts - had[0]!.n);
    if (extra > 0) {
      const { rows } = await client.query<{ base: number }>(
        `select nextval(pg_get_serial_sequence('events', 'global_position'))::bigint as base`,
      );
      const base = Number(rows[0]!.base);
      await client.query(`select setval(pg_get_serial_sequence('events', 'global_position'), $1)`, [
        base + extra,
      ]);
      // Public and published, one a minute back from a year ago: older than the feed's posts.
      await client.query(
        `insert into posts (id, author_id, number, title, content, excerpt, featured_image,
           location, status, visibility, categories, tags, seo_title, seo_description,
           allow_comments, allow_sharing, word_count, read_time, created_at, published_at,
           feed_seq)
         select gen_random_uuid(), $1::uuid, n.last + k, 'Export ' || k, '', '', null, null,
           'published', 'public', '{}', '{}', '', '', true, true, 0, 1,
           now() - interval '1 year' + k * interval '1 minute',
           now() - interval '1 year' + k * interval '1 minute',
           $3::bigint + k - 1
         from generate_series(1, $2::int) k,
           (select coalesce(max(number), 0) as last from posts where author_id = $1::uuid) n`,
        [exporterId, extra, base],
      );
      await client.query(
        `insert into post_numbers (author_id, last_number)
         select author_id, max(number) from posts where author_id = $1::uuid group by author_id
         on conflict (author_id) do update set last_number = excluded.last_number`,
        [exporterId],
      );
    }

    const { rows: counts } = await client.query<{ exporter: number }>(
      'select count(*)::int as exporter from posts where author_id = $1',
      [exporterId],
    );
    const words = await seedSearchWords(databaseUrl, settings, memberIds);
    return {
      common: words.common,
      rare: words.rare,
      totalPosts: words.totalPosts,
      exporterPosts: counts[0]!.exporter,
      seconds: (performance.now() - started) / 1000,
      documentsSeconds: words.documentsSeconds,
    };
  } finally {
    await client.end();
  }
}

interface SearchRun {
  latencies: number[];
  errors: number;
  /** `total` of the first answer: the matches the (first) reader may read. */
  visibleTotal: number | null;
  cpu: CpuPercent;
}

/** `readers` members search for `word` back to back, one keep-alive connection each. */
async function searchLoop(
  server: ServerProcess,
  readers: SeededMember[],
  word: string,
  settings: ContentBenchSettings,
): Promise<SearchRun> {
  const pool = new HttpPool('127.0.0.1', server.port, readers.length);
  const path = `/api/content/search?q=${encodeURIComponent(word)}`;
  const windowStart = performance.now() + settings.warmupMs;
  const end = windowStart + settings.durationMs;
  const result: SearchRun = {
    latencies: [],
    errors: 0,
    visibleTotal: null,
    cpu: { server: Number.NaN, postgres: Number.NaN, bench: Number.NaN, other: Number.NaN },
  };
  let before = cpuSnapshot(server.pid, server.postmasterPid());
  const windowTimer = setTimeout(() => {
    before = cpuSnapshot(server.pid, server.postmasterPid());
  }, settings.warmupMs);
  try {
    await Promise.all(
      readers.map(async (reader, index) => {
        while (performance.now() < end) {
          const sentAt = performance.now();
          const answer = await pool.request('GET', path, undefined, reader.cookie);
          const doneAt = performance.now();
          const inWindow = sentAt >= windowStart && doneAt <= end;
          if (answer.status !== 200) {
            if (inWindow) result.errors += 1;
            continue;
          }
          if (index === 0 && result.visibleTotal === null) {
            result.visibleTotal = (JSON.parse(answer.body) as { total: number }).total;
          }
          if (inWindow) result.latencies.push(doneAt - sentAt);
        }
      }),
    );
    result.cpu = cpuPercent(before, cpuSnapshot(server.pid, server.postmasterPid()));
  } finally {
    clearTimeout(windowTimer);
    pool.close();
  }
  return result;
}

const tsquery = (word: string) => sql`websearch_to_tsquery('english', ${word})`;
const asSearch = (word: string): ContentSearchQuery => ({
  q: word,
  page: 1,
  limit: CONTENT_PAGE.default,
});

/** The server's search page for the reader, with its count: one statement (content-search.ts). */
const serverPage = (reader: string, word: string) =>
  compiled(searchPageQuery(reader, asSearch(word)));
/**
 * The same columns with no visibility rule and no window: every match ranked by `ts_rank` over
 * the stored documents, which is what an unbounded ranking costs.
 */
const bareRanked = (reader: string, word: string) =>
  compiled(
    postRows(qb, reader)
      .innerJoin('post_search as s', 's.post_id', 'p.id')
      .where(sql<boolean>`s.document @@ ${tsquery(word)}`)
      .orderBy(sql`ts_rank(s.document, ${tsquery(word)}) desc`)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(CONTENT_PAGE.default),
  );
/** The same columns, newest first, by a substring scan of the content: no index at all. */
const plainIlike = (reader: string, word: string) =>
  compiled(
    postRows(qb, reader)
      .where('p.content', 'ilike', `%${word}%`)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(CONTENT_PAGE.default),
  );

const SQL_CELLS: { name: string; query: (reader: string, word: string) => Query }[] = [
  { name: "server's page and count (visibility rule, ranked window)", query: serverPage },
  { name: 'bare ranked FTS page (no visibility rule, every match ranked)', query: bareRanked },
  { name: "plain ILIKE '%word%' page, newest first", query: plainIlike },
];

/**
 * The server plans each search for its own words (`readWithin`); the SQL clients do the same,
 * or a prepared statement's generic plan would read every word as the first one planned.
 */
const customPlans = (databaseUrl: string) => {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', '-c plan_cache_mode=force_custom_plan');
  return url.toString();
};

interface ExportRun {
  rows: number;
  bytes: number;
  firstByteMs: number;
  totalMs: number;
  rssBeforeKb: number | null;
  rssPeakKb: number | null;
  rssAfterKb: number | null;
  status: number;
}

/** One JSON export downloaded as fast as the client reads, the server's RSS sampled. */
async function timeExport(server: ServerProcess, exporter: SeededMember): Promise<ExportRun> {
  const rssBeforeKb = server.rssKb();
  let rssPeakKb = rssBeforeKb;
  const sampler = setInterval(() => {
    const now = server.rssKb();
    if (now !== null) rssPeakKb = Math.max(rssPeakKb ?? 0, now);
  }, 10);
  try {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/content/export?format=json`, {
      headers: { cookie: exporter.cookie },
    });
    const chunks: Buffer[] = [];
    let firstByteMs = Number.NaN;
    const reader = res.body?.getReader();
    for (;;) {
      const next = reader ? await reader.read() : { done: true as const };
      if (next.done) break;
      if (chunks.length === 0) firstByteMs = performance.now() - started;
      chunks.push(Buffer.from(next.value));
    }
    const totalMs = performance.now() - started;
    const body = Buffer.concat(chunks);
    let rows = 0;
    if (res.status === 200)
      rows = (JSON.parse(body.toString('utf8')) as { content: unknown[] }).content.length;
    return {
      rows,
      bytes: body.length,
      firstByteMs,
      totalMs,
      rssBeforeKb,
      rssPeakKb,
      rssAfterKb: server.rssKb(),
      status: res.status,
    };
  } finally {
    clearInterval(sampler);
  }
}

export async function runContentBench(
  server: ServerProcess,
  settings: ContentBenchSettings,
): Promise<{ sections: Section[]; missed: string[] }> {
  const { size } = settings;
  progress(
    `content: seeding ${fmt.int(size.members)} members, ${fmt.int(size.posts)} posts, ` +
      `${size.friends} friends each on average`,
  );
  const seed = await seedFeed(server.databaseUrl, size);
  const [exporterNumber, ...readerNumbers] = drawNumbers(size.members, settings.readers + 1);
  progress(
    `content: ${settings.wordsPerPost} words per post from ${fmt.int(settings.vocabulary)}, ` +
      `the exporter topped up to ${fmt.int(settings.exportPosts)} posts`,
  );
  const words = await seedWords(server.databaseUrl, settings, seed.ids, seed.ids[exporterNumber!]!);
  const readers = await seed.withSession(readerNumbers);
  const [exporter] = await seed.withSession([exporterNumber!]);

  const searched = [
    { label: 'common', ...words.common },
    { label: 'rare', ...words.rare },
  ];
  const within = (s: Summary) => ({
    text: `p99 ≤ ${CONTENT_TARGETS.searchP99Ms} ms`,
    met: s.count > 0 && s.p99 <= CONTENT_TARGETS.searchP99Ms,
  });
  const rows: Row[] = [
    row(
      'seeded: members / posts (of which the exporter’s)',
      words.totalPosts,
      `${fmt.int(size.members)} / ${fmt.int(words.totalPosts)} (${fmt.int(words.exporterPosts)})`,
    ),
    row(
      'seeding time (SQL into the read models, words included; of which search documents)',
      seed.seconds + words.seconds,
      `${(seed.seconds + words.seconds).toFixed(0)} s (${words.documentsSeconds.toFixed(0)} s)`,
    ),
  ];
  const sqlResults = new Map<string, Summary>();
  const pick = () => readers[randomInt(readers.length)]!;
  for (const w of searched) {
    progress(
      `content: HTTP search for the ${w.label} word "${w.word}", ${settings.readers} readers`,
    );
    const run = await searchLoop(server, readers, w.word, settings);
    const summary = summarize(run.latencies);
    const perSecond = run.latencies.length / (settings.durationMs / 1000);
    progress(`content: ${w.label} p50/p99 ${p50p99(summary)}`);
    rows.push(
      row(
        `${w.label} word "${w.word}": posts holding it / readable by the first reader`,
        w.posts,
        `${fmt.int(w.posts)} / ${run.visibleTotal === null ? 'n/a' : fmt.int(run.visibleTotal)}`,
      ),
      row(
        `HTTP search, ${w.label} word, ${settings.readers} readers: p50 / p99 (requests/s)`,
        summary.p99,
        `${p50p99(summary)} (${fmt.int(perSecond)})`,
        within(summary),
      ),
      row(`HTTP errors, ${w.label} word`, run.errors, fmt.int(run.errors), {
        text: '0',
        met: run.errors === 0,
      }),
      row(
        `CPU while searching, ${w.label} word: server / postgres / bench / other`,
        run.cpu.server,
        cpuText(run.cpu),
      ),
    );
    for (const cell of SQL_CELLS) {
      progress(`content: SQL ${cell.name}, ${w.label} word, ${settings.readers} clients`);
      const measured = await queryLoop(
        customPlans(server.databaseUrl),
        settings.readers,
        settings.durationMs,
        () => cell.query(pick().id, w.word),
      );
      const s = summarize(measured.latencies);
      sqlResults.set(`${w.label}:${cell.name}`, s);
      rows.push(
        row(
          `SQL ${cell.name}, ${w.label} word: p50 / p99 (queries/s)`,
          s.p99,
          `${p50p99(s)} (${fmt.int(measured.perSecond)})`,
        ),
      );
    }
    const bare = sqlResults.get(`${w.label}:${SQL_CELLS[1]!.name}`)!;
    const page = sqlResults.get(`${w.label}:${SQL_CELLS[0]!.name}`)!;
    rows.push(
      row(
        `SQL server's page ÷ bare ranked FTS page, p50, ${w.label} word`,
        page.p50 / bare.p50,
        `${(page.p50 / bare.p50).toFixed(1)}×`,
      ),
    );
  }

  // Every cell's plan for the common word; the full-text cells' for the rare word too, which
  // must read the GIN index (for the common word the walk by date rightly wins).
  const plans: { title: string; plan: string; indexed?: boolean }[] = [];
  const client = new pg.Client({ connectionString: customPlans(server.databaseUrl) });
  await client.connect();
  try {
    const reader = readers[0]!.id;
    for (const w of searched) {
      for (const [index, cell] of SQL_CELLS.entries()) {
        const fullText = index < 2;
        if (w.label === 'rare' && !fullText) continue;
        const plan = await explain(client, cell.query(reader, w.word));
        plans.push({
          title: `${cell.name}, ${w.label} word "${w.word}"`,
          plan,
          ...(w.label === 'rare' ? { indexed: plan.includes('post_search_document') } : {}),
        });
      }
    }
  } finally {
    await client.end();
  }
  const usesIndex = plans.every((p) => p.indexed !== false);
  rows.push(
    row(
      'rare word: server’s page and bare ranked plans use post_search_document (GIN)',
      usesIndex ? 1 : 0,
      usesIndex ? 'yes' : 'no',
      { text: 'yes', met: usesIndex },
    ),
  );

  const exports: ExportRun[] = [];
  for (let i = 0; i < settings.exportRuns; i++) {
    progress(`content: export of ${fmt.int(words.exporterPosts)} posts as JSON, run ${i + 1}`);
    exports.push(await timeExport(server, exporter!));
  }
  const exportOk = exports.every((e) => e.status === 200 && e.rows === words.exporterPosts);
  const byTime = [...exports].sort((a, b) => a.totalMs - b.totalMs);
  const median = byTime[Math.floor(byTime.length / 2)]!;
  const growth = Math.max(
    ...exports.map((e) => (e.rssPeakKb ?? Number.NaN) - (e.rssBeforeKb ?? Number.NaN)),
  );
  const rowsPerSecond = median.rows / (median.totalMs / 1000);
  const kb = (n: number | null) => (n === null ? 'n/a' : fmt.mb(n));
  rows.push(
    row(
      `HTTP export (JSON), ${fmt.int(words.exporterPosts)} posts: rows complete and 200, every run`,
      exportOk ? 1 : 0,
      exports.map((e) => `${fmt.int(e.rows)} (${e.status})`).join(', '),
      { text: fmt.int(words.exporterPosts), met: exportOk },
    ),
    row(
      `HTTP export, median of ${exports.length}: rows/s (first byte / whole, size)`,
      rowsPerSecond,
      `${fmt.int(rowsPerSecond)} (${fmt.ms(median.firstByteMs)} / ${fmt.ms(median.totalMs)}, ` +
        `${(median.bytes / 1024 / 1024).toFixed(1)} MB)`,
    ),
    row(
      'server RSS around the exports: before first / peak / after last',
      exports[exports.length - 1]?.rssAfterKb ?? null,
      `${kb(exports[0]?.rssBeforeKb ?? null)} / ${kb(Math.max(...exports.map((e) => e.rssPeakKb ?? 0)))} / ` +
        `${kb(exports[exports.length - 1]?.rssAfterKb ?? null)}`,
    ),
    row(
      'server RSS growth during one export, at most (vs body size)',
      growth,
      `${Number.isFinite(growth) ? fmt.mb(growth) : 'n/a'} (${(median.bytes / 1024 / 1024).toFixed(1)} MB body)`,
    ),
  );
  const title =
    `Content search and export — ${fmt.int(size.members)} members, ` +
    `${fmt.int(words.totalPosts)} posts`;
  const sections: Section[] = [
    {
      title,
      rows,
      notes: [
        `Seeded as the feed scenario seeds (set-based SQL into the read models, ${size.friends} ` +
          'friends on average; one post in 20 private, one in 4 friends only), then every ' +
          `post's content replaced by ${settings.wordsPerPost} words drawn from ` +
          `${fmt.int(settings.vocabulary)} made-up ones, rank r with probability about 1/r ` +
          `(Zipf-like); the common word is the one nearest ${COMMON_SHARE * 100}% of the posts, ` +
          `the rare one nearest ${RARE_SHARE * 100}%. One member (not a reader) is topped up to ` +
          `${fmt.int(settings.exportPosts)} public posts of their own for the export.`,
        `HTTP: ${settings.readers} members, one keep-alive connection each, send ` +
          '`GET /api/content/search?q=<word>` back to back (first page of 20, ranked, with its ' +
          `count); ${settings.warmupMs / 1000} s warm-up, ${settings.durationMs / 1000} s ` +
          `measured. SQL: the same ${settings.readers} clients straight on Postgres, prepared ` +
          "statements planned for their values, readers drawn at random: the server's page " +
          'with its count (compiled from `searchPageQuery`: the window of the newest matches ' +
          'the reader may see, ranked), every match ranked with no visibility rule and no ' +
          'window, and a plain `ILIKE` scan of the content newest first (no index can serve ' +
          '`%word%`).',
        'Export: `GET /api/content/export?format=json` by the member, read as fast as the ' +
          'client takes it; RSS of the server process sampled every 10 ms.',
      ],
    },
    {
      title: `${title}: query plans (EXPLAIN ANALYZE, BUFFERS)`,
      notes: plans.map((p) => `${p.title}:\n\n${p.plan}`),
    },
  ];
  const missed = rows.filter((r) => r.result === 'FAIL').map((r) => r.metric);
  return { sections, missed };
}
