import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { cpuPercent, cpuSnapshot, type CpuPercent } from './cpu';
import { makePhoto, writeRandomPdf } from './files-fixtures';
import { peakSampler, streamUpload } from './files-upload';
import { HttpPool } from './http-pool';
import { closedLoop } from './load';
import { createMembers, progress, type Member } from './members';
import { fmt, row, type Row, type Section } from './report';
import type { ServerProcess } from './server-process';
import { startStaticServer } from './static-server';

/** The targets for the `files` scenario. */
export const FILES_TARGETS = { rssGrowthMb: 50, uploadShareOfCopy: 0.5, cachedShareOfStatic: 0.8 };

export interface FilesBenchOptions {
  repoRoot: string;
  /** A folder on the file system the server's FILES_DIR is on: the copy baseline writes there. */
  workDir: string;
  filesDir: string;
  uploadBytes: number;
  /** Uploads (and copies) of the big file; the best of each is compared. */
  uploadRuns: number;
  photo: { width: number; height: number };
  clients: number;
  warmupMs: number;
  durationMs: number;
  /** Alternating rounds of static, then variant; the best of each is compared. */
  rounds: number;
}

export interface FilesBenchResult {
  sections: Section[];
  missed: string[];
}

const MB = 1024 * 1024;
const mbps = (bytes: number, ms: number) => bytes / MB / (ms / 1000);
const pct = (n: number) => `${(n * 100).toFixed(0)}%`;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Percent of one core each party used; "other" is everyone else on the machine. */
const cpuRow = (metric: string, cpu: CpuPercent) =>
  row(
    metric,
    cpu.server,
    [cpu.server, cpu.postgres, cpu.bench, cpu.other]
      .map((n) => (Number.isFinite(n) ? `${Math.max(0, n).toFixed(0)}%` : 'n/a'))
      .join(' / '),
  );

interface Uploaded {
  key: string;
  url: string;
}

async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** The plain stream copy the upload is held against: same bytes, same disk, same page cache. */
async function streamCopy(from: string, to: string): Promise<number> {
  const started = performance.now();
  await pipeline(createReadStream(from), createWriteStream(to));
  const ms = performance.now() - started;
  await rm(to, { force: true });
  return ms;
}

interface UploadRun {
  ms: number;
  rssBeforeKb: number;
  rssPeakKb: number;
  cpu: CpuPercent;
  key: string;
}

async function uploadBig(server: ServerProcess, member: Member, file: string): Promise<UploadRun> {
  const rssBeforeKb = server.rssKb() ?? 0;
  const sampler = peakSampler(() => server.rssKb());
  const cpuBefore = cpuSnapshot(server.pid, server.postmasterPid());
  const answer = await streamUpload({
    url: `${server.url}/api/upload/${member.id}/documents`,
    cookie: member.cookie,
    file,
    filename: 'bench-100mb.pdf',
    contentType: 'application/pdf',
  });
  const rssPeakKb = sampler.stop();
  const cpu = cpuPercent(cpuBefore, cpuSnapshot(server.pid, server.postmasterPid()));
  if (answer.status !== 201) {
    throw new Error(`upload answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  }
  const { key } = JSON.parse(answer.body) as Uploaded;
  return { ms: answer.ms, rssBeforeKb, rssPeakKb, cpu, key };
}

async function uploadSection(
  server: ServerProcess,
  member: Member,
  options: FilesBenchOptions,
): Promise<Row[]> {
  const source = path.join(options.workDir, 'bench-upload.pdf');
  progress(`files: writing a ${(options.uploadBytes / MB).toFixed(1)} MB PDF of random bytes`);
  await writeRandomPdf(source, options.uploadBytes);
  await mkdir(options.filesDir, { recursive: true });
  const copyTarget = path.join(options.filesDir, 'bench-copy.bin');
  try {
    const copies: number[] = [];
    const uploads: UploadRun[] = [];
    // Interleaved, so a neighbour's burst of disk or CPU falls on both sides alike.
    for (let run = 0; run < options.uploadRuns; run++) {
      copies.push(await streamCopy(source, copyTarget));
      progress(`stream copy: ${mbps(options.uploadBytes, copies.at(-1)!).toFixed(0)} MB/s`);
      const upload = await uploadBig(server, member, source);
      uploads.push(upload);
      progress(
        `upload: ${mbps(options.uploadBytes, upload.ms).toFixed(0)} MB/s, server RSS ` +
          `${fmt.mb(upload.rssBeforeKb)} → peak ${fmt.mb(upload.rssPeakKb)}`,
      );
      // Each upload counts against the quota; the bytes are not needed after.
      await fetch(`${server.url}/api/files/${upload.key}`, {
        method: 'DELETE',
        headers: { cookie: member.cookie },
      });
    }
    const copyMs = Math.min(...copies);
    const best = uploads.reduce((a, b) => (b.ms < a.ms ? b : a));
    const growthKb = Math.max(...uploads.map((u) => u.rssPeakKb - u.rssBeforeKb));
    const share = copyMs / best.ms;
    const size = `${(options.uploadBytes / MB).toFixed(1)} MB`;
    return [
      row(
        `plain stream copy, file → file (best of ${copies.length})`,
        mbps(options.uploadBytes, copyMs),
        `${mbps(options.uploadBytes, copyMs).toFixed(0)} MB/s (${fmt.ms(copyMs)})`,
      ),
      row(
        `upload ${size} PDF, multipart, streamed (best of ${uploads.length})`,
        mbps(options.uploadBytes, best.ms),
        `${mbps(options.uploadBytes, best.ms).toFixed(0)} MB/s (${fmt.ms(best.ms)})`,
      ),
      row('upload share of stream copy rate', share, pct(share), {
        text: `≥ ${pct(FILES_TARGETS.uploadShareOfCopy)}`,
        met: share >= FILES_TARGETS.uploadShareOfCopy,
      }),
      row(
        'server RSS growth during upload (worst)',
        growthKb / 1024,
        `${(growthKb / 1024).toFixed(1)} MB`,
        {
          text: `≤ ${FILES_TARGETS.rssGrowthMb} MB`,
          met: growthKb / 1024 <= FILES_TARGETS.rssGrowthMb,
        },
      ),
      row(
        'server RSS before / peak (best upload)',
        best.rssPeakKb,
        `${fmt.mb(best.rssBeforeKb)} / ${fmt.mb(best.rssPeakKb)}`,
      ),
      cpuRow('CPU in the best upload: server / postgres / bench / other', best.cpu),
    ];
  } finally {
    await rm(source, { force: true });
    await rm(copyTarget, { force: true });
  }
}

/** Requests/s of GETs of one path, closed loop, as the other rate baselines are measured. */
async function rateOf(port: number, url: string, cookie: string | undefined, o: FilesBenchOptions) {
  const pool = new HttpPool('127.0.0.1', port, o.clients);
  try {
    return await closedLoop({
      pool,
      concurrency: o.clients,
      warmupMs: o.warmupMs,
      durationMs: o.durationMs,
      okStatus: 200,
      send: (p) => p.request('GET', url, undefined, cookie),
    });
  } finally {
    pool.close();
  }
}

async function transformSection(
  server: ServerProcess,
  member: Member,
  reader: Member,
  options: FilesBenchOptions,
): Promise<{ rows: Row[]; notes: string[] }> {
  const { width, height } = options.photo;
  progress(`files: making a ${width}x${height} JPEG`);
  const photo = await makePhoto(width, height);
  const photoFile = path.join(options.workDir, 'bench-photo.jpg');
  await writeFile(photoFile, photo);
  const uploaded = await streamUpload({
    url: `${server.url}/api/upload/${member.id}/images`,
    cookie: member.cookie,
    file: photoFile,
    filename: 'bench-photo.jpg',
    contentType: 'image/jpeg',
    fields: { isPublic: 'true' },
  });
  await rm(photoFile, { force: true });
  if (uploaded.status !== 201) {
    throw new Error(`photo upload answered ${uploaded.status}: ${uploaded.body.slice(0, 300)}`);
  }
  const { key } = JSON.parse(uploaded.body) as Uploaded;
  const variantPath = `/cdn/${key}?w=640&f=webp`;

  const firstStarted = performance.now();
  const first = await fetch(`${server.url}${variantPath}`, { headers: { cookie: member.cookie } });
  const variant = Buffer.from(await first.arrayBuffer());
  const firstMs = performance.now() - firstStarted;
  if (first.status !== 200) throw new Error(`first transform answered ${first.status}`);
  const cachedStarted = performance.now();
  const again = await fetch(`${server.url}${variantPath}`, { headers: { cookie: member.cookie } });
  const againBytes = Buffer.from(await again.arrayBuffer());
  const cachedMs = performance.now() - cachedStarted;
  if (sha256(againBytes) !== sha256(variant)) throw new Error('the cached variant differs');
  progress(`first transform: ${fmt.ms(firstMs)}, cached: ${fmt.ms(cachedMs)}`);

  // The signed path: what a private file's URL and a download link use, no session involved.
  const { downloadUrl } = await json<{ downloadUrl: string }>(
    await fetch(`${server.url}/api/download/${key}`, { headers: { cookie: member.cookie } }),
    'download link',
  );
  const signed = new URL(downloadUrl);
  const signedPath = `${signed.pathname}${signed.search}&w=640&f=webp`;

  const staticDir = path.join(options.workDir, 'static');
  await mkdir(staticDir, { recursive: true });
  await writeFile(path.join(staticDir, 'variant.webp'), variant);
  const statics = await startStaticServer(options.repoRoot, staticDir);
  try {
    const check = Buffer.from(
      await (await fetch(`http://127.0.0.1:${statics.port}/variant.webp`)).arrayBuffer(),
    );
    if (sha256(check) !== sha256(variant)) throw new Error('the static copy differs');
    const best = { static: 0, session: 0, signed: 0 };
    let cpu: CpuPercent = {
      server: Number.NaN,
      postgres: Number.NaN,
      bench: Number.NaN,
      other: Number.NaN,
    };
    for (let round = 1; round <= options.rounds; round++) {
      const s = await rateOf(statics.port, '/variant.webp', undefined, options);
      best.static = Math.max(best.static, s.requestsPerSecond);
      const before = cpuSnapshot(server.pid, server.postmasterPid());
      const m = await rateOf(server.port, variantPath, reader.cookie, options);
      const used = cpuPercent(before, cpuSnapshot(server.pid, server.postmasterPid()));
      if (m.requestsPerSecond >= best.session) cpu = used;
      best.session = Math.max(best.session, m.requestsPerSecond);
      const g = await rateOf(server.port, signedPath, undefined, options);
      best.signed = Math.max(best.signed, g.requestsPerSecond);
      progress(
        `round ${round}: static ${fmt.int(s.requestsPerSecond)} req/s, variant by session ` +
          `${fmt.int(m.requestsPerSecond)} (${m.errors} errors), by signed link ` +
          `${fmt.int(g.requestsPerSecond)} (${g.errors} errors)`,
      );
    }
    const target = best.static * FILES_TARGETS.cachedShareOfStatic;
    const against = (rate: number) => ({
      text: `≥ ${fmt.int(target)} (${pct(FILES_TARGETS.cachedShareOfStatic)} of static)`,
      met: rate >= target,
    });
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
      cpuRow('CPU in the best session run: server / postgres / bench / other', cpu),
    ];
    const notes = [
      'Rates are closed-loop GETs over keep-alive connections from the bench process; ' +
        'express.static runs in its own process, as the server does. Per request, the session row ' +
        'pays a session lookup, the file row and the visibility check (the relations policy); ' +
        'the signed row only the file row and the signature.',
    ];
    return { rows, notes };
  } finally {
    statics.stop();
    await rm(staticDir, { recursive: true, force: true });
  }
}

/**
 * Uploads a ~100 MB file against a plain stream copy of it (throughput, server RSS), then makes a
 * 640 px webp of a 4000x3000 JPEG once and serves it from the cache against express.static
 * serving the same bytes, at the same concurrency for the same time.
 */
export async function runFilesBench(
  server: ServerProcess,
  options: FilesBenchOptions,
): Promise<FilesBenchResult> {
  // The owner uploads; the other reads the public photo, as members read each other's images.
  const [owner, reader] = await createMembers(server.url, 2, 1);
  const upload = await uploadSection(server, owner!, options);
  const transform = await transformSection(server, owner!, reader!, options);
  const sections: Section[] = [
    {
      title: `Files — upload of ${(options.uploadBytes / MB).toFixed(1)} MB (disk storage)`,
      rows: upload,
    },
    {
      title: `Files — image variant of a ${options.photo.width}x${options.photo.height} JPEG`,
      rows: transform.rows,
      notes: transform.notes,
    },
  ];
  const missed = [...upload, ...transform.rows]
    .filter((r) => r.result === 'FAIL')
    .map((r) => r.metric);
  return { sections, missed };
}
