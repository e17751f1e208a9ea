import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { SEARCH_TIMEOUT_MS } from '../../server/db/time-limited';
import type { SeededMember } from './feed-seed';
import { cpuPercent, type CpuSnapshot } from './cpu';
import { HttpPool } from './http-pool';
import { progress } from './members';
import { fmt, row, type Row, type Section } from './report';
import type { SearchWords } from './search-seed';
import { summarize, type Summary } from './stats';

/** Issue #21: search at community scale. */
export const SEARCH_TARGETS = { postsP99Ms: 100, peopleP99Ms: 50 };

export interface SearchBenchSettings {
  /** Concurrent searching members, one keep-alive connection each. */
  readers: number;
  warmupMs: number;
  durationMs: number;
}

export interface SearchBenchInput {
  serverUrl: string;
  databaseUrl: string;
  /** Members with sessions who search; the first `settings.readers` are used. */
  members: readonly SeededMember[];
  /** What `seedSearchWords` seeded, with its timings. */
  words: SearchWords;
  settings: SearchBenchSettings;
  /** The server's and Postgres's CPU so far, to say what a search costs each. */
  cpu?: () => CpuSnapshot;
}

interface LoopResult {
  latencies: number[];
  /** Answers other than 200, and requests that failed, in the measured window. */
  errors: number;
  statuses: Map<string, number>;
  /** `total` of the first answer of the first reader, when the answer has one. */
  firstTotal: number | null;
  /** CPU a search in the measured window, when the loop was given the CPU to read. */
  cpuMs: { server: number; postgres: number } | null;
}

/** Every reader sends `pathOf(reader)` back to back on a keep-alive connection of its own. */
async function searchLoop(
  url: URL,
  readers: readonly SeededMember[],
  pathOf: (reader: number) => string,
  settings: SearchBenchSettings,
  cpu?: () => CpuSnapshot,
): Promise<LoopResult> {
  const pool = new HttpPool(url.hostname, Number(url.port), readers.length);
  const windowStart = performance.now() + settings.warmupMs;
  const end = windowStart + settings.durationMs;
  const result: LoopResult = {
    latencies: [],
    errors: 0,
    statuses: new Map(),
    firstTotal: null,
    cpuMs: null,
  };
  let windowCpu: CpuSnapshot | undefined;
  const startWindow = cpu && setTimeout(() => (windowCpu = cpu()), settings.warmupMs);
  try {
    await Promise.all(
      readers.map(async (reader, index) => {
        while (performance.now() < end) {
          const sentAt = performance.now();
          let status = 'failed';
          let body = '';
          try {
            const answer = await pool.request('GET', pathOf(index), undefined, reader.cookie);
            status = String(answer.status);
            body = answer.body;
          } catch {
            // Counted below as an unanswered request.
          }
          const doneAt = performance.now();
          if (sentAt < windowStart || doneAt > end) continue;
          result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
          if (status !== '200') {
            result.errors += 1;
            continue;
          }
          result.latencies.push(doneAt - sentAt);
          if (index === 0 && result.firstTotal === null) {
            const parsed = JSON.parse(body) as { total?: unknown };
            if (typeof parsed.total === 'number') result.firstTotal = parsed.total;
          }
        }
      }),
    );
  } finally {
    clearTimeout(startWindow);
    pool.close();
  }
  const searches = result.latencies.length + result.errors;
  if (cpu && windowCpu && searches > 0) {
    const to = cpu();
    const used = cpuPercent(windowCpu, to);
    const perSearch = (percent: number) => ((percent / 100) * (to.at - windowCpu!.at)) / searches;
    result.cpuMs = { server: perSearch(used.server), postgres: perSearch(used.postgres) };
  }
  return result;
}

const p50p99 = (s: Summary) => `${fmt.ms(s.p50)} / ${fmt.ms(s.p99)}`;
/** Searches a second, and what one cost the server and Postgres in CPU when that was read. */
const rateOf = (s: Summary, run: LoopResult, settings: SearchBenchSettings) =>
  `${fmt.int(s.count / (settings.durationMs / 1000))}/s` +
  (run.cpuMs
    ? `; CPU a search: server ${run.cpuMs.server.toFixed(2)}, Postgres ${run.cpuMs.postgres.toFixed(2)} ms`
    : '');
const statusText = (statuses: Map<string, number>) =>
  [...statuses].map(([status, n]) => `${fmt.int(n)}× ${status}`).join(', ') || 'none';

/** Statements of the server still running on Postgres that read the search tables. */
async function searchesRunning(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where pid <> pg_backend_pid() and state = 'active'
       and (query ilike '%post_search%' or query ilike '%similarity(%')`,
  );
  return rows[0]!.n;
}

/**
 * A search that cannot finish in time: `post_search` is locked against reads for longer than
 * the search's statement timeout while one member searches. The answer must be a clear
 * `503 search-timeout` after about the timeout, and nothing may stay running on Postgres.
 */
async function timedOutSearch(
  url: URL,
  databaseUrl: string,
  reader: SeededMember,
  word: string,
): Promise<{ status: number; code: string; ms: number; leftRunning: number }> {
  const locker = new pg.Client({ connectionString: databaseUrl });
  const watcher = new pg.Client({ connectionString: databaseUrl });
  await locker.connect();
  await watcher.connect();
  const pool = new HttpPool(url.hostname, Number(url.port), 1);
  try {
    await locker.query('begin');
    await locker.query('lock table post_search in access exclusive mode');
    const sentAt = performance.now();
    const answer = await pool.request(
      'GET',
      `/api/content/search?q=${encodeURIComponent(word)}`,
      undefined,
      reader.cookie,
    );
    const ms = performance.now() - sentAt;
    const leftRunning = await searchesRunning(watcher);
    await locker.query('rollback');
    let code = '';
    try {
      code = (JSON.parse(answer.body) as { error?: { code?: string } }).error?.code ?? '';
    } catch {
      code = 'not JSON';
    }
    return { status: answer.status, code, ms, leftRunning };
  } finally {
    pool.close();
    await locker.end();
    await watcher.end();
  }
}

/**
 * The search rows of the community scenario: a common and a rare word over every seeded post
 * (`GET /api/content/search`, the first page of 20 with its count), the search box's
 * suggestions and posts tab (`GET /api/search/suggestions`, `GET /api/search`), people search
 * (`GET /api/users?q=`), and a search cut off by its statement timeout. Seed first with
 * `seedSearchWords` (its timings are printed here).
 */
export async function runCommunitySearchBench(
  input: SearchBenchInput,
): Promise<{ section: Section; missed: string[] }> {
  const { settings, words } = input;
  const url = new URL(input.serverUrl);
  const readers = input.members.slice(0, settings.readers);
  const client = new pg.Client({ connectionString: input.databaseUrl });
  await client.connect();
  const rows: Row[] = [
    row(
      'posts searched / search documents written (post_search)',
      words.totalPosts,
      fmt.int(words.totalPosts),
    ),
    row(
      'seeding: words into the posts / their search documents (SQL, as the projection writes)',
      words.wordsSeconds + words.documentsSeconds,
      `${words.wordsSeconds.toFixed(1)} s / ${words.documentsSeconds.toFixed(1)} s`,
    ),
  ];
  try {
    for (const [label, word] of [
      ['common', words.common],
      ['rare', words.rare],
    ] as const) {
      progress(`search: the ${label} word "${word.word}", ${readers.length} readers`);
      const run = await searchLoop(
        url,
        readers,
        () => `/api/content/search?q=${encodeURIComponent(word.word)}`,
        settings,
        input.cpu,
      );
      const s = summarize(run.latencies);
      progress(`search: ${label} p50/p99 ${p50p99(s)}`);
      rows.push(
        row(
          `${label} word "${word.word}": posts holding it / total answered to the first reader`,
          word.posts,
          `${fmt.int(word.posts)} (${((word.posts / words.totalPosts) * 100).toFixed(2)}%) / ` +
            `${run.firstTotal === null ? 'n/a' : fmt.int(run.firstTotal)}`,
        ),
        row(
          `post search, ${label} word, ${readers.length} readers: p50 / p99 (searches/s)`,
          s.p99,
          `${p50p99(s)} (${rateOf(s, run, settings)})`,
          {
            text: `p99 ≤ ${SEARCH_TARGETS.postsP99Ms} ms`,
            met: s.count > 0 && s.p99 <= SEARCH_TARGETS.postsP99Ms,
          },
        ),
        row(
          `post search, ${label} word: answers other than 200 or none`,
          run.errors,
          `${fmt.int(run.errors)} (${statusText(run.statuses)})`,
          { text: '0', met: run.errors === 0 && s.count > 0 },
        ),
      );
    }

    // The search box (issue 22): its suggestions (people, posts, communities and tags in one
    // answer) and its posts tab, for the same words.
    for (const [label, word] of [
      ['common', words.common],
      ['rare', words.rare],
    ] as const) {
      for (const [what, path] of [
        ['suggestions', `/api/search/suggestions?q=${encodeURIComponent(word.word)}`],
        ['posts tab', `/api/search?type=posts&q=${encodeURIComponent(word.word)}`],
      ] as const) {
        progress(`search: the box's ${what}, the ${label} word, ${readers.length} readers`);
        const run = await searchLoop(url, readers, () => path, settings, input.cpu);
        const s = summarize(run.latencies);
        progress(`search: box ${what} ${label} p50/p99 ${p50p99(s)}`);
        rows.push(
          row(
            `search box ${what}, ${label} word, ${readers.length} readers: p50 / p99 (searches/s)`,
            s.p99,
            `${p50p99(s)} (${rateOf(s, run, settings)}; ` +
              `${fmt.int(run.errors)} not 200: ${statusText(run.statuses)})`,
            {
              text: `p99 ≤ ${SEARCH_TARGETS.postsP99Ms} ms, 0 errors`,
              met: s.count > 0 && run.errors === 0 && s.p99 <= SEARCH_TARGETS.postsP99Ms,
            },
          ),
        );
      }
    }

    // A member's name typed in part, and a text every seeded name holds (the worst case: each
    // member matches and is ranked).
    const { rows: named } = await client.query<{ username: string }>(
      'select username from users order by random() limit 200',
    );
    const usernames = named.map((r) => r.username);
    const broad = commonPart(usernames);
    const people: [string, (reader: number) => string][] = [
      [
        "the last 4 characters of a member's username",
        (reader) =>
          `/api/users?q=${encodeURIComponent(usernames[(reader * 7 + Date.now()) % usernames.length]!.slice(-4))}`,
      ],
      [
        `"${broad}", which every member's username holds`,
        () => `/api/users?q=${encodeURIComponent(broad)}`,
      ],
    ];
    const measurePeople = async (label: string, pathOf: (reader: number) => string) => {
      progress(`search: people, ${label}`);
      const run = await searchLoop(url, readers, pathOf, settings, input.cpu);
      const s = summarize(run.latencies);
      progress(`search: people p50/p99 ${p50p99(s)}`);
      rows.push(
        row(
          `people search (${label}), ${readers.length} readers: p50 / p99 (searches/s)`,
          s.p99,
          `${p50p99(s)} (${rateOf(s, run, settings)})`,
          {
            text: `p99 ≤ ${SEARCH_TARGETS.peopleP99Ms} ms`,
            met: s.count > 0 && s.p99 <= SEARCH_TARGETS.peopleP99Ms,
          },
        ),
        row(
          `people search (${label}): answers other than 200 or none`,
          run.errors,
          `${fmt.int(run.errors)} (${statusText(run.statuses)})`,
          { text: '0', met: run.errors === 0 && s.count > 0 },
        ),
      );
    };
    for (const [label, pathOf] of people) await measurePeople(label, pathOf);
    // The seed ends with a vacuum, which a live community has not just had: members who signed
    // up since wait in any GIN index's pending list, which every search reads in full.
    await client.query(ADD_SIGN_UPS, [SIGN_UPS_SINCE_VACUUM]);
    try {
      await measurePeople(
        `the last 4 characters, ${fmt.int(SIGN_UPS_SINCE_VACUUM)} sign-ups since the last vacuum`,
        people[0]![1],
      );
    } finally {
      await client.query(`delete from users where username like 'signup\\_%'`);
      await client.query('vacuum users');
    }

    // Posts are published and edited all day, and each writes its document anew: a live
    // community's searches read whatever the document index holds pending since its last vacuum.
    await client.query(REWRITE_DOCUMENTS, [DOCUMENTS_SINCE_VACUUM]);
    let pendingPages = 0;
    try {
      const label = `rare word, ${fmt.int(DOCUMENTS_SINCE_VACUUM)} documents written since the last vacuum`;
      progress(`search: ${label}`);
      const run = await searchLoop(
        url,
        readers,
        () => `/api/content/search?q=${encodeURIComponent(words.rare.word)}`,
        settings,
        input.cpu,
      );
      const s = summarize(run.latencies);
      progress(`search: p50/p99 ${p50p99(s)}`);
      rows.push(
        row(
          `post search, ${label}, ${readers.length} readers: p50 / p99 (searches/s)`,
          s.p99,
          `${p50p99(s)} (${rateOf(s, run, settings)})`,
          {
            text: `p99 ≤ ${SEARCH_TARGETS.postsP99Ms} ms`,
            met: s.count > 0 && s.p99 <= SEARCH_TARGETS.postsP99Ms,
          },
        ),
        row(
          `post search, ${label}: answers other than 200 or none`,
          run.errors,
          `${fmt.int(run.errors)} (${statusText(run.statuses)})`,
          { text: '0', met: run.errors === 0 && s.count > 0 },
        ),
      );
    } finally {
      const { rows: cleaned } = await client.query<{ pages: number }>(
        `select gin_clean_pending_list('post_search_document'::regclass)::int as pages`,
      );
      pendingPages = cleaned[0]?.pages ?? 0;
      await client.query('vacuum post_search');
    }
    rows.push(
      row(
        "pages of the document index's pending list each search of the row above read",
        pendingPages,
        fmt.int(pendingPages),
      ),
    );

    progress('search: a search held past its statement timeout');
    const cut = await timedOutSearch(url, input.databaseUrl, readers[0]!, words.common.word);
    const clear = cut.status === 503 && cut.code === 'search-timeout';
    rows.push(
      row(
        `a search held past its ${SEARCH_TIMEOUT_MS} ms statement timeout: answer, time`,
        cut.ms,
        `${cut.status} ${cut.code} in ${fmt.ms(cut.ms)}`,
        { text: '503 search-timeout', met: clear },
      ),
      row(
        'searches still running on Postgres once answered',
        cut.leftRunning,
        fmt.int(cut.leftRunning),
        { text: '0', met: cut.leftRunning === 0 },
      ),
    );
  } finally {
    await client.end();
  }
  const section: Section = {
    title: `Search — ${fmt.int(words.totalPosts)} posts`,
    rows,
    notes: [
      `${readers.length} members, one keep-alive connection each, search back to back; ` +
        `${settings.warmupMs / 1000} s warm-up, ${settings.durationMs / 1000} s measured per row. ` +
        'Posts: `GET /api/content/search?q=<word>`, the first page of 20, most relevant first, ' +
        'with its total (the newest matches the reader may see, up to the window of ' +
        'docs/performance.md, "Search"). People: `GET /api/users?q=<text>` (10 ranked).',
      'Timeout: another connection holds `post_search` locked for longer than the statement ' +
        'timeout while one member searches; the answer must be 503 `search-timeout`, and ' +
        '`pg_stat_activity` must show no search left running.',
    ],
  };
  return { section, missed: rows.filter((r) => r.result === 'FAIL').map((r) => r.metric) };
}

/** Members who signed up after the seed's vacuum: their rows, inserted by SQL. */
const SIGN_UPS_SINCE_VACUUM = 1000;
const ADD_SIGN_UPS = `insert into users (id, username, email, password_hash, role, status, display_name,
    avatar, email_verified, created_at, updated_at)
  select gen_random_uuid(), 'signup_' || n, 'signup_' || n || '@bench.test', 'x', 'member',
    'active', 'New member ' || n, null, true, now(), now()
  from generate_series(1, $1::int) n`;

/** Posts' documents written after the seed's vacuum: about half of what GIN's 4 MB list holds. */
const DOCUMENTS_SINCE_VACUUM = 2500;
/** As an edit rewrites a document: a new index entry for each of its words. */
const REWRITE_DOCUMENTS = `update post_search set document = document || 'edited'::tsvector
  where post_id in (select post_id from post_search order by random() limit $1::int)`;

/** The longest text at the start of every name (at least 3 characters of the first one). */
function commonPart(names: readonly string[]): string {
  let prefix = names[0] ?? 'abc';
  for (const name of names) while (!name.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix.length >= 3 ? prefix : (names[0] ?? 'abc').slice(0, 3);
}
