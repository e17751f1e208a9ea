import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';

/**
 * The JavaScript a first page needs before it can render, as the server sends it: the entry,
 * the page's route modules, and everything they import statically (what `index.html`
 * modulepreloads, plus the route's chunks). Chunks loaded later by `import()` are not counted.
 *
 * The budget holds for gzip, the larger of the two precompressed codings: every browser takes
 * gzip (Chromium offers brotli over HTTPS only), so a page within budget in gzip is within it
 * for everyone; brotli is printed alongside.
 */
const BUDGET_BYTES = 200_000;

/** Where each first page starts: `index.html` is the entry; the rest are its lazy routes. */
const FIRST_PAGES = {
  'visitor /login': ['index.html', 'features/auth/LoginPage.tsx'],
  'member /': ['index.html', 'features/shell/AppShell.tsx', 'features/home/HomePage.tsx'],
} as const;

/** Not needed before a page renders: they load on first use. */
const KEPT_OFF_FIRST_PAGES = [
  /vendor-zod/,
  /MonitoringDemoPage/,
  /BackupDemoPage/,
  /EmailDemoPage/,
  // The ad layer loads once the page is idle (web/app/adSlots.tsx).
  /adLayer/,
  /InlineAd/,
  /FloatingAd/,
];

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

jest.setTimeout(180_000);

const root = path.resolve(import.meta.dirname, '../..');
const outDir = mkdtempSync(path.join(os.tmpdir(), 'agora-web-budget-'));
let manifest: Manifest;

beforeAll(() => {
  // Its own build (the same as `npm run build`, plus the manifest), so the figure is never
  // that of a stale dist/ and the e2e stage's build is left alone.
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
    // Jest sets NODE_ENV=test, which Vite would keep: React's development build is far larger.
    { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}${build.stderr}`);
  manifest = JSON.parse(
    readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
});

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

/** The chunks `starts` import statically, themselves included, each once. */
function staticClosure(starts: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  starts.forEach(visit);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

/** What the server sends for a file in each coding: the precompressed copy, else the file. */
function sizesOf(file: string): Sizes {
  const full = path.join(outDir, file);
  const size = (variant: string) => statSync(existsSync(variant) ? variant : full).size;
  return { raw: statSync(full).size, gzip: size(`${full}.gz`), brotli: size(`${full}.br`) };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

describe.each(Object.entries(FIRST_PAGES))('the first page of a %s', (name, starts) => {
  it(`loads at most ${kB(BUDGET_BYTES)} of JavaScript (gzip) before it renders`, () => {
    const files = staticClosure(starts);
    const total = files.map(sizesOf).reduce(
      (sum, sizes) => ({
        raw: sum.raw + sizes.raw,
        gzip: sum.gzip + sizes.gzip,
        brotli: sum.brotli + sizes.brotli,
      }),
      { raw: 0, gzip: 0, brotli: 0 },
    );
    console.log(
      `first page, ${name}: ${files.length} JavaScript files, ${kB(total.raw)} raw, ` +
        `${kB(total.gzip)} gzip, ${kB(total.brotli)} brotli (budget ${kB(BUDGET_BYTES)} gzip)`,
    );
    expect(total.gzip).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(total.brotli).toBeLessThan(total.gzip);
  });

  it('leaves zod and the operator consoles for later', () => {
    const files = staticClosure(starts);
    for (const pattern of KEPT_OFF_FIRST_PAGES) {
      expect(files.filter((file) => pattern.test(file))).toEqual([]);
    }
  });
});
