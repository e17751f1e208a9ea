import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { cpuPercent, cpuSnapshot, type CpuPercent } from './cpu';
import { runCachedVariantBench } from './cached-variant';
import { writeRandomPdf } from './files-fixtures';
import { peakSampler, streamUpload } from './files-upload';
import { createMembers, progress, type Member } from './members';
import { cpuRow, fmt, row, type Row, type Section } from './report';
import type { ServerProcess } from './server-process';

/** The targets for the `files` scenario (the cached variant's is in cached-variant.ts). */
export const FILES_TARGETS = { rssGrowthMb: 50, uploadShareOfCopy: 0.5 };

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

interface Uploaded {
  key: string;
  url: string;
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
  const transform = await runCachedVariantBench(server, owner!, reader!, options);
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
