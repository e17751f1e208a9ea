import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { CONTENT_PAGE } from '../../shared/content';
import { qb } from '../../server/db/statement';
import { contentRows } from '../../server/domains/content/content-read';
import { postRows } from '../../server/domains/posts/posts-read';
import { cpuPercent, cpuSnapshot, type CpuPercent } from './cpu';
import { compiled, explain, queryLoop, type Query } from './feed';
import { seedFeed, type FeedSeedSize, type SeededMember } from './feed-seed';
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

/** The common word is in about this share of the posts, the rare one in about this. */
const COMMON_SHARE = 0.1;
const RARE_SHARE = 0.001;

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

interface SearchWord {
  word: string;
  rank: number;
  /** Seeded posts holding the word, whoever may read them. */
  posts: number;
}

interface WordSeed {
  common: SearchWord;
  rare: SearchWord;
  totalPosts: number;
  exporterPosts: number;
  seconds: number;
}

/**
 * Gives the seeded posts words to search, set-based: feed-seed writes the same `lorem ipsum`
 * into every post. A vocabulary of made-up words (four consonant-vowel syllables, so no English
 * stop word and no two words sharing a stem), then `wordsPerPost` draws per post with rank r
 * drawn with probability ln((r+1)/r) / ln(V+1), about 1/r: Zipf-like. The exporter first gets
 * posts of its own up to `exportPosts`, numbered and ordered as feed-seed numbers them.
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

    const syllables = 'ba de ki lo mu ra se ti vo zu na pe gi ho ju fa we yo ci du'.split(' ');
    if (settings.vocabulary > syllables.length ** 4) throw new Error('vocabulary too large');
    await client.query(
      `create temp table bench_vocab as
       select r as rank, s[1 + (r - 1) % 20] || s[1 + (r - 1) / 20 % 20]
         || s[1 + (r - 1) / 400 % 20] || s[1 + (r - 1) / 8000 % 20] as word
       from generate_series(1, $1::int) r, (select $2::text[] as s) a`,
      [settings.vocabulary, syllables],
    );
    // random() in the select list is drawn once per row: one draw per post and slot.
    await client.query(
      `create temp table bench_words as
       select p.id, w.slot,
         least($2::int, floor(exp(random() * ln($2::int + 1)))::int) as rank
       from posts p cross join generate_series(1, $3::int) w(slot)
       where p.author_id = any($1::uuid[])`,
      [memberIds, settings.vocabulary, settings.wordsPerPost],
    );
    await client.query(
      `update posts p set content = t.content, word_count = $1::int
       from (select b.id, string_agg(v.word, ' ' order by b.slot) as content
             from bench_words b join bench_vocab v on v.rank = b.rank group by b.id) t
       where p.id = t.id`,
      [settings.wordsPerPost],
    );
    const { rows: counts } = await client.query<{ total: number; exporter: number }>(
      `select count(*)::int as total, count(*) filter (where author_id = $1)::int as exporter
       from posts`,
      [exporterId],
    );
    const totalPosts = counts[0]!.total;
    // The word whose share of posts is nearest each target; the rank breaks ties.
    const nearest = async (share: number): Promise<SearchWord> => {
      const { rows } = await client.query<SearchWord>(
        `select v.word, f.rank, f.posts from (
           select rank, count(distinct id)::int as posts from bench_words group by rank) f
         join bench_vocab v using (rank)
         order by abs(f.posts - $1::float8), f.rank limit 1`,
        [share * totalPosts],
      );
      return rows[0]!;
    };
    const common = await nearest(COMMON_SHARE);
    const rare = await nearest(RARE_SHARE);
    await client.query('drop table bench_words, bench_vocab');
    await client.query('vacuum (analyze) posts');
    await client.query('vacuum (analyze) post_numbers');
    return {
      common,
      rare,
      totalPosts,
      exporterPosts: counts[0]!.exporter,
      seconds: (performance.now() - started) / 1000,
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

/** `searchContent`'s document and query, as it writes them (content-read.ts). */
const tsquery = (word: string) => sql`websearch_to_tsquery('english', ${word})`;
const documentSql = sql`agora_post_search(p.title, p.tags, p.content)`;
const ranked = (word: string) => [
  sql`ts_rank(${documentSql}, ${tsquery(word)}) desc`,
  sql`p.created_at desc`,
  sql`p.id desc`,
];
const matches = (word: string) => sql<boolean>`${documentSql} @@ ${tsquery(word)}`;

/** The server's search page for the reader: the visibility rule and the ranked match. */
const serverPage = (reader: string, word: string) =>
  compiled(
    contentRows(qb, reader)
      .where(matches(word))
      .orderBy(sql.join(ranked(word)))
      .limit(CONTENT_PAGE.default)
      .offset(0),
  );
/** The count beside it, over every match the reader may read. */
const serverCount = (reader: string, word: string) =>
  compiled(
    contentRows(qb, reader)
      .where(matches(word))
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('total')),
  );
/** The same columns, match and ranking with no visibility rule: what the index alone costs. */
const bareRanked = (reader: string, word: string) =>
  compiled(
    postRows(qb, reader)
      .where(matches(word))
      .orderBy(sql.join(ranked(word)))
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
  { name: "server's page (visibility rule, ranked)", query: serverPage },
  { name: "server's count (visibility rule)", query: serverCount },
  { name: 'bare ranked FTS page (no visibility rule)', query: bareRanked },
  { name: "plain ILIKE '%word%' page, newest first", query: plainIlike },
];

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
      'seeding time (SQL into the read models, words included)',
      seed.seconds + words.seconds,
      `${(seed.seconds + words.seconds).toFixed(0)} s`,
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
        server.databaseUrl,
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
    const bare = sqlResults.get(`${w.label}:${SQL_CELLS[2]!.name}`)!;
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
  // must read posts_search (for the common word a scan may rightly win).
  const plans: { title: string; plan: string; indexed?: boolean }[] = [];
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const reader = readers[0]!.id;
    for (const w of searched) {
      for (const [index, cell] of SQL_CELLS.entries()) {
        const fullText = index < 3;
        if (w.label === 'rare' && !fullText) continue;
        const plan = await explain(client, cell.query(reader, w.word));
        plans.push({
          title: `${cell.name}, ${w.label} word "${w.word}"`,
          plan,
          ...(w.label === 'rare' ? { indexed: plan.includes('posts_search') } : {}),
        });
      }
    }
  } finally {
    await client.end();
  }
  const usesIndex = plans.every((p) => p.indexed !== false);
  rows.push(
    row(
      'rare word: server’s page and count and bare ranked plans use posts_search',
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
          "statements, readers drawn at random: the server's page and count queries (compiled " +
          "from its `contentRows`, with `searchContent`'s match and ranking), the same columns " +
          'and ranking with no visibility rule, and a plain `ILIKE` scan of the content newest ' +
          'first (no index can serve `%word%`).',
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
