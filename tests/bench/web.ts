/**
 * The `web` scenario (issue #25, "Fast on a phone"): Lighthouse's default mobile run (a mid-range
 * phone on a slow 4G link, simulated) on the built web app as the server sends it, for a visitor's
 * `/login` and a signed-in member's `/`, `/home`, `/messages` and a post page.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { createMembers, progress, type Member } from './members';
import { fmt, row, type Row, type Section } from './report';
import { freePort } from '../support/free-port';
import { startServer, type ServerProcess } from './server-process';

export const WEB_TARGETS = {
  performance: 90,
  lcpMs: 2500,
  tbtMs: 200,
  cls: 0.1,
  accessibility: 95,
};

export interface WebBenchOptions {
  repoRoot: string;
  /** The server's data folder (its embedded Postgres). */
  dataDir: string;
  chromePath: string;
  /** Lighthouse runs per page; the run with the median performance score is reported. */
  runs: number;
  /** The pages to run, by their report file names (login, root, home, messages, post); all when empty. */
  pages: readonly string[];
  serverNodeArgs: string[];
  /** A folder to write each run's Lighthouse report (JSON) into, for a closer look. */
  saveDir: string | undefined;
  /** Told of the scenario's server when it starts and (null) once it stopped. */
  onServer: (server: ServerProcess | null) => void;
}

export interface WebBenchResult {
  sections: Section[];
  missed: string[];
}

/** What the build reads: a newer file than the built `index.html` means `dist/web` is stale. */
const BUILD_INPUTS = ['web', 'shared', 'vite.config.ts', 'scripts', 'package.json'];

function newestMtime(file: string): number {
  const stats = statSync(file);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(file).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(file, name))),
    stats.mtimeMs,
  );
}

/** Builds the web app as `npm run build` does, unless `dist/web` is newer than every input. */
function ensureBuild(repoRoot: string): void {
  const index = path.join(repoRoot, 'dist', 'web', 'index.html');
  if (existsSync(index)) {
    const built = statSync(index).mtimeMs;
    const stale = BUILD_INPUTS.map((input) => path.join(repoRoot, input))
      .filter((input) => existsSync(input))
      .some((input) => newestMtime(input) > built);
    if (!stale) {
      progress('web: dist/web is newer than its sources, not rebuilding');
      return;
    }
  }
  progress('web: building the web app (vite build)');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}${build.stderr}`);
}

async function api<T>(
  server: ServerProcess,
  member: Member,
  method: 'POST' | 'PUT',
  route: string,
  body: unknown,
): Promise<T> {
  const res = await fetch(`${server.url}/api${route}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: member.cookie },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${route} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

const POST_TEXT =
  'Walked along the river this morning: the fog lifted just as the rowers came past the bridge. ' +
  'Coffee at the corner place afterwards, then the market for bread and the last of the plums.';

/**
 * A member with three friends, a feed of their posts, and a conversation, so that `/`, `/home`,
 * `/messages` and a post page show what a member sees rather than empty states.
 */
async function seedMember(server: ServerProcess): Promise<{ member: Member; postId: string }> {
  const [member, ...friends] = await createMembers(server.url, 4, 2);
  for (const friend of friends) {
    const { id } = await api<{ id: string }>(server, member!, 'POST', '/friends/requests', {
      toUserId: friend.id,
    });
    await api(server, friend, 'POST', `/friends/requests/${id}/accept`, {});
  }
  const postIds: string[] = [];
  for (const [index, author] of [member!, ...friends, ...friends].entries()) {
    const post = await api<{ id: string }>(server, author, 'POST', '/posts', {
      title: `A morning by the river, part ${index + 1}`,
      content: `${POST_TEXT} #walks`,
      status: 'published',
    });
    postIds.push(post.id);
  }
  const conversation = await api<{ id: string }>(server, member!, 'POST', '/conversations', {
    participantId: friends[0]!.id,
  });
  for (const [index, from] of [member!, friends[0]!, member!].entries()) {
    await api(server, from, 'POST', `/conversations/${conversation.id}/messages`, {
      content: `Message ${index + 1}: are we still on for the walk on Saturday?`,
    });
  }
  return { member: member!, postId: postIds[1]! };
}

interface PageRun {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  requests: number;
  scripts: number;
  scriptKb: number;
  lcpElement: string;
  finalUrl: string;
  /** Whether the page asked for a member's badges: only a signed-in page does. */
  signedIn: boolean;
  benchmarkIndex: number;
}

interface AuditDetails {
  items?: {
    type?: string;
    url?: string;
    resourceType?: string;
    requestCount?: number;
    transferSize?: number;
    nodeLabel?: string;
    snippet?: string;
  }[];
}

/** The element Lighthouse names as the largest paint (its LCP breakdown's node), shortened. */
function lcpElementOf(details: AuditDetails | undefined): string {
  const node = details?.items?.find((item) => item.type === 'node');
  const label = node?.nodeLabel ?? node?.snippet ?? 'n/a';
  return label.length > 60 ? `${label.slice(0, 57)}...` : label;
}

/**
 * The browser's cookie jar holds the page's session cookie, or none for a visitor. Lighthouse's
 * `extraHeaders: { Cookie }` was tried first: Chromium sent it with the document but not with the
 * app's own `fetch` of its session, so every member's page rendered as a visitor's.
 */
async function useSession(browser: Browser, url: string, cookie: string | null): Promise<void> {
  const jar = await browser.cookies();
  if (jar.length > 0) await browser.deleteCookie(...jar);
  if (!cookie) return;
  const [name = '', ...value] = cookie.split('=');
  await browser.setCookie({
    name,
    value: value.join('='),
    domain: new URL(url).hostname,
    path: '/',
  });
}

async function lighthouseRun(port: number, url: string, saveAs: string | null): Promise<PageRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile',
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (saveAs) await writeFile(saveAs, JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id];
  const numeric = (id: string) => audit(id)?.numericValue ?? Number.NaN;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  const summary = (audit('resource-summary')?.details as AuditDetails | undefined)?.items ?? [];
  const scripts = summary.find((item) => item.resourceType === 'script');
  const total = summary.find((item) => item.resourceType === 'total');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    requests: total?.requestCount ?? Number.NaN,
    scripts: scripts?.requestCount ?? Number.NaN,
    scriptKb: (scripts?.transferSize ?? Number.NaN) / 1000,
    lcpElement: lcpElementOf(audit('lcp-breakdown-insight')?.details as AuditDetails | undefined),
    finalUrl: lhr.finalDisplayedUrl,
    signedIn: ((audit('network-requests')?.details as AuditDetails | undefined)?.items ?? []).some(
      (item) => item.url?.includes('/api/me/badges'),
    ),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * Lighthouse now and then loses a run's trace on a busy machine (NO_NAVSTART, NO_FCP): such a run
 * is tried again rather than ending the scenario.
 */
async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
      progress(`web: ${error instanceof Error ? error.message : String(error)}; trying again`);
    }
  }
}

const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'n/a');
const millis = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : 'n/a');

function pageRows(run: PageRun, scores: number[]): Row[] {
  const lowest = Math.min(...scores);
  const highest = Math.max(...scores);
  return [
    row('performance score', run.performance, String(run.performance), {
      text: `≥ ${WEB_TARGETS.performance}`,
      met: run.performance >= WEB_TARGETS.performance,
    }),
    row(
      'performance scores of all runs (min–max)',
      highest - lowest,
      scores.length > 1 ? `${lowest}–${highest} of ${scores.length}` : 'one run',
    ),
    row('first contentful paint', run.fcpMs, seconds(run.fcpMs)),
    row('largest contentful paint', run.lcpMs, seconds(run.lcpMs), {
      text: `≤ ${seconds(WEB_TARGETS.lcpMs)}`,
      met: run.lcpMs <= WEB_TARGETS.lcpMs,
    }),
    row('total blocking time', run.tbtMs, millis(run.tbtMs), {
      text: `≤ ${WEB_TARGETS.tbtMs} ms`,
      met: run.tbtMs <= WEB_TARGETS.tbtMs,
    }),
    row('cumulative layout shift', run.cls, run.cls.toFixed(3), {
      text: `≤ ${WEB_TARGETS.cls}`,
      met: run.cls <= WEB_TARGETS.cls,
    }),
    row('accessibility score', run.accessibility, String(run.accessibility), {
      text: `≥ ${WEB_TARGETS.accessibility}`,
      met: run.accessibility >= WEB_TARGETS.accessibility,
    }),
    row(
      'requests / of them scripts (transfer)',
      run.requests,
      `${run.requests} / ${run.scripts} (${run.scriptKb.toFixed(0)} kB)`,
    ),
    row('largest paint', null, run.lcpElement),
    // Lighthouse multiplies the CPU time it observes by 4: a busy host inflates TBT and LCP.
    row('host CPU, Lighthouse benchmark index', run.benchmarkIndex, fmt.int(run.benchmarkIndex)),
  ];
}

export async function runWebBench(options: WebBenchOptions): Promise<WebBenchResult> {
  ensureBuild(options.repoRoot);
  progress('web: starting a server of its own that serves dist/web');
  const server = await startServer({
    repoRoot: options.repoRoot,
    dataDir: options.dataDir,
    databaseUrl: undefined,
    embeddedPgPort: await freePort(),
    nodeArgs: options.serverNodeArgs,
    serveWeb: true,
  });
  options.onServer(server);
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  let browser: Browser | null = null;
  try {
    const { member, postId } = await seedMember(server);
    const pages = [
      { name: '/login (visitor)', file: 'login', path: '/login', cookie: null },
      { name: '/ (member)', file: 'root', path: '/', cookie: member.cookie },
      { name: '/home', file: 'home', path: '/home', cookie: member.cookie },
      { name: '/messages', file: 'messages', path: '/messages', cookie: member.cookie },
      { name: '/post/:id', file: 'post', path: `/post/${postId}`, cookie: member.cookie },
    ].filter((page) => options.pages.length === 0 || options.pages.includes(page.file));
    chrome = await chromeLauncher.launch({
      chromePath: options.chromePath,
      // Root cannot use Chromium's sandbox; the pages are this server's own.
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    if (options.saveDir) await mkdir(options.saveDir, { recursive: true });
    const sections: Section[] = [];
    const missed: string[] = [];
    for (const page of pages) {
      const runs: PageRun[] = [];
      for (let i = 0; i < options.runs; i++) {
        progress(`web: Lighthouse on ${page.name}, run ${i + 1}/${options.runs}`);
        const saveAs = options.saveDir
          ? path.join(options.saveDir, `${page.file}-${i + 1}.json`)
          : null;
        const url = `${server.url}${page.path}`;
        await useSession(browser, url, page.cookie);
        runs.push(await withRetries(() => lighthouseRun(chrome!.port, url, saveAs)));
      }
      const ordered = [...runs].sort((a, b) => a.performance - b.performance);
      const median = ordered[Math.floor((ordered.length - 1) / 2)]!;
      if (
        new URL(median.finalUrl).pathname !== page.path ||
        median.signedIn !== (page.cookie !== null)
      ) {
        throw new Error(
          `${page.name} ended on ${median.finalUrl} ` +
            `${median.signedIn ? 'signed in' : 'as a visitor'}: not the page meant`,
        );
      }
      const rows = pageRows(
        median,
        runs.map((run) => run.performance),
      );
      sections.push({ title: `Web, Lighthouse mobile — ${page.name}`, rows });
      missed.push(
        ...rows.filter((r) => r.result === 'FAIL').map((r) => `${page.name}: ${r.metric}`),
      );
    }
    sections.push({
      title: 'Web: how it was measured',
      notes: [
        `Lighthouse's default mobile run (a mid-range phone, slow 4G and a 4× slower CPU, ` +
          `simulated) on ${options.chromePath}; performance and accessibility categories only. ` +
          `The median of ${options.runs} run(s) per page by performance score; a member's pages ` +
          `are loaded with the session cookie, /login without.`,
      ],
    });
    return { sections, missed };
  } finally {
    await browser?.disconnect();
    if (chrome) chrome.kill();
    await server.stop();
    options.onServer(null);
  }
}
