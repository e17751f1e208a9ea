import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { cpuMs, cpuPercent, cpuSnapshot, type CpuPercent } from './cpu';
import { makePhoto } from './files-fixtures';
import { streamUpload } from './files-upload';
import { HttpPool } from './http-pool';
import { closedLoop } from './load';
import { progress, type Member } from './members';
import { cpuRow, fmt, row, type Row } from './report';
import type { ServerProcess } from './server-process';
import { startStaticServer } from './static-server';

/** The issue's target: a cached variant at 80% of `express.static`'s rate for the same bytes. */
export const CACHED_VARIANT_TARGET = 0.8;

export interface CachedVariantOptions {
  repoRoot: string;
  /** A scratch folder: the photo is written here, and the static server serves from here. */
  workDir: string;
  photo: { width: number; height: number };
  clients: number;
  warmupMs: number;
  durationMs: number;
  /** Alternating rounds of static, by session, by signed link; the best of each is compared. */
  rounds: number;
}

const MB = 1024 * 1024;
const pct = (n: number) => `${(n * 100).toFixed(0)}%`;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

interface Rate {
  requestsPerSecond: number;
  errors: number;
  /** CPU of the serving side (for the app: its process and Postgres) per request answered. */
  cpuUsPerRequest: number;
}

/** Requests/s of GETs of one path, closed loop, and what each cost the serving side's CPU. */
async function rateOf(
  port: number,
  url: string,
  cookie: string | undefined,
  o: CachedVariantOptions,
  servingCpuMs: () => number,
): Promise<Rate> {
  const pool = new HttpPool('127.0.0.1', port, o.clients);
  try {
    // Counted over the whole loop, warm-up included, against every request answered in it.
    const before = servingCpuMs();
    const result = await closedLoop({
      pool,
      concurrency: o.clients,
      warmupMs: o.warmupMs,
      durationMs: o.durationMs,
      okStatus: 200,
      send: (p) => p.request('GET', url, undefined, cookie),
    });
    const used = servingCpuMs() - before;
    const answered = result.requestsPerSecond * ((o.warmupMs + o.durationMs) / 1000);
    return {
      requestsPerSecond: result.requestsPerSecond,
      errors: result.errors,
      cpuUsPerRequest: answered > 0 ? (used * 1000) / answered : Number.NaN,
    };
  } finally {
    pool.close();
  }
}

/**
 * Makes a 640 px webp of a `photo` JPEG once (as `owner`, public), then serves the cached variant
 * closed loop against `express.static` serving the same bytes from its own process, in
 * alternating rounds: by `reader`'s session (another member) and by a signed link. Besides the
 * rates, each side's CPU per request: what a request costs, which a busy machine changes less
 * than it changes a rate.
 */
export async function runCachedVariantBench(
  server: ServerProcess,
  owner: Member,
  reader: Member,
  options: CachedVariantOptions,
): Promise<{ rows: Row[]; notes: string[] }> {
  const { width, height } = options.photo;
  progress(`files: making a ${width}x${height} JPEG`);
  const photo = await makePhoto(width, height);
  const photoFile = path.join(options.workDir, 'bench-photo.jpg');
  await writeFile(photoFile, photo);
  const uploaded = await streamUpload({
    url: `${server.url}/api/upload/${owner.id}/images`,
    cookie: owner.cookie,
    file: photoFile,
    filename: 'bench-photo.jpg',
    contentType: 'image/jpeg',
    fields: { isPublic: 'true' },
  });
  await rm(photoFile, { force: true });
  if (uploaded.status !== 201) {
    throw new Error(`photo upload answered ${uploaded.status}: ${uploaded.body.slice(0, 300)}`);
  }
  const { key } = JSON.parse(uploaded.body) as { key: string };
  const variantPath = `/cdn/${key}?w=640&f=webp`;

  const firstStarted = performance.now();
  const first = await fetch(`${server.url}${variantPath}`, { headers: { cookie: owner.cookie } });
  const variant = Buffer.from(await first.arrayBuffer());
  const firstMs = performance.now() - firstStarted;
  if (first.status !== 200) throw new Error(`first transform answered ${first.status}`);
  const cachedStarted = performance.now();
  const again = await fetch(`${server.url}${variantPath}`, { headers: { cookie: owner.cookie } });
  const againBytes = Buffer.from(await again.arrayBuffer());
  const cachedMs = performance.now() - cachedStarted;
  if (sha256(againBytes) !== sha256(variant)) throw new Error('the cached variant differs');
  progress(`first transform: ${fmt.ms(firstMs)}, cached: ${fmt.ms(cachedMs)}`);

  // The signed path: what a private file's URL and a download link use, no session involved.
  const { downloadUrl } = await json<{ downloadUrl: string }>(
    await fetch(`${server.url}/api/download/${key}`, { headers: { cookie: owner.cookie } }),
    'download link',
  );
  const signed = new URL(downloadUrl);
  const signedPath = `${signed.pathname}${signed.search}&w=640&f=webp`;

  const staticDir = path.join(options.workDir, 'static');
  await mkdir(staticDir, { recursive: true });
  await writeFile(path.join(staticDir, 'variant.webp'), variant);
  const statics = await startStaticServer(options.repoRoot, staticDir);
  const appCpuMs = () => {
    const postmaster = server.postmasterPid();
    return cpuMs(server.pid) + (postmaster ? cpuMs(postmaster, true) : 0);
  };
  try {
    const check = Buffer.from(
      await (await fetch(`http://127.0.0.1:${statics.port}/variant.webp`)).arrayBuffer(),
    );
    if (sha256(check) !== sha256(variant)) throw new Error('the static copy differs');
    const best = { static: 0, session: 0, signed: 0 };
    const cheapest = { static: Infinity, session: Infinity, signed: Infinity };
    let cpu: CpuPercent = {
      server: Number.NaN,
      postgres: Number.NaN,
      bench: Number.NaN,
      other: Number.NaN,
    };
    for (let round = 1; round <= options.rounds; round++) {
      const s = await rateOf(statics.port, '/variant.webp', undefined, options, () =>
        cpuMs(statics.pid),
      );
      const before = cpuSnapshot(server.pid, server.postmasterPid());
      const m = await rateOf(server.port, variantPath, reader.cookie, options, appCpuMs);
      const used = cpuPercent(before, cpuSnapshot(server.pid, server.postmasterPid()));
      if (m.requestsPerSecond >= best.session) cpu = used;
      const g = await rateOf(server.port, signedPath, undefined, options, appCpuMs);
      for (const [side, rate] of [
        ['static', s],
        ['session', m],
        ['signed', g],
      ] as const) {
        best[side] = Math.max(best[side], rate.requestsPerSecond);
        cheapest[side] = Math.min(cheapest[side], rate.cpuUsPerRequest);
      }
      progress(
        `round ${round}: static ${fmt.int(s.requestsPerSecond)} req/s ` +
          `(${fmt.int(s.cpuUsPerRequest)} µs CPU each), variant by session ` +
          `${fmt.int(m.requestsPerSecond)} (${fmt.int(m.cpuUsPerRequest)} µs, ${m.errors} errors), ` +
          `by signed link ${fmt.int(g.requestsPerSecond)} (${fmt.int(g.cpuUsPerRequest)} µs, ` +
          `${g.errors} errors)`,
      );
    }
    const target = best.static * CACHED_VARIANT_TARGET;
    const against = (rate: number) => ({
      text: `≥ ${fmt.int(target)} (${pct(CACHED_VARIANT_TARGET)} of static)`,
      met: rate >= target,
    });
    const perRequest = (us: number) => `${fmt.int(us)} µs`;
    const rows = [
      row(
        'photo uploaded (JPEG, softened noise)',
        photo.length,
        `${width}x${height}, ${(photo.length / MB).toFixed(1)} MB`,
      ),
      row('first transform → 640 px webp (request to last byte)', firstMs, fmt.ms(firstMs)),
      row('same variant again, from storage (one request)', cachedMs, fmt.ms(cachedMs)),
      row('variant size', variant.length, `${(variant.length / 1024).toFixed(1)} kB`),
      row(
        `express.static, same bytes, ${options.clients} clients (best of ${options.rounds})`,
        best.static,
        `${fmt.int(best.static)} req/s`,
      ),
      row(
        "cached variant, public file, another member's session",
        best.session,
        `${fmt.int(best.session)} req/s (${pct(best.session / best.static)})`,
        against(best.session),
      ),
      row(
        'cached variant, signed link, no session',
        best.signed,
        `${fmt.int(best.signed)} req/s (${pct(best.signed / best.static)})`,
        against(best.signed),
      ),
      row(
        'CPU per request: express.static / by session / by signed link (server + Postgres)',
        cheapest.session,
        [cheapest.static, cheapest.session, cheapest.signed].map(perRequest).join(' / '),
      ),
      cpuRow('CPU in the best session run: server / postgres / bench / other', cpu),
    ];
    const notes = [
      'Rates are closed-loop GETs over keep-alive connections from the bench process; ' +
        'express.static runs in its own process, as the server does. Per request, /cdn finds the ' +
        "file's row, the reader's blocks and the session in its process's caches (the live relay " +
        'drops what changes) and pays the app’s middleware; the signed link skips the session. ' +
        'CPU per request is the lowest of the rounds, warm-up included.',
    ];
    return { rows, notes };
  } finally {
    statics.stop();
    await rm(staticDir, { recursive: true, force: true });
  }
}
