import type { Response } from 'express';
import { ZipArchive } from 'archiver';
import { create as contentDisposition } from 'content-disposition';
import type { Logger } from 'pino';
import type { ObjectStorage } from '../../storage/object-storage';
import { originalPath } from './file-keys';
import type { FileRow } from './file-presenter';

/** Formats that are compressed already: stored in the zip as they are, which is much faster. */
const COMPRESSED =
  /^(image\/(jpeg|png|webp|avif|gif|heic|heif)|video\/|audio\/(mpeg|mp4|aac|ogg|webm))/;

/** `photo.jpg`, `photo (2).jpg`: every entry keeps its name and none overwrites another. */
function uniqueNames(rows: readonly FileRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const count = (seen.get(row.name) ?? 0) + 1;
    seen.set(row.name, count);
    if (count === 1) return row.name;
    const dot = row.name.lastIndexOf('.');
    return dot > 0
      ? `${row.name.slice(0, dot)} (${count})${row.name.slice(dot)}`
      : `${row.name} (${count})`;
  });
}

/**
 * Streams the files as one zip: each file is read from storage only when the zip reaches it, so
 * a download of a hundred videos holds one of them open at a time, never the whole in memory.
 */
export async function sendZip(
  res: Response,
  rows: readonly FileRow[],
  storage: ObjectStorage,
  logger: Logger,
): Promise<void> {
  const names = uniqueNames(rows);
  const zip = new ZipArchive({ zlib: { level: 6 } });
  res.status(200);
  res.setHeader('content-type', 'application/zip');
  res.setHeader('cache-control', 'private, no-store');
  res.setHeader(
    'content-disposition',
    contentDisposition(`agora-files-${new Date().toISOString().slice(0, 10)}.zip`),
  );
  zip.on('warning', (error: Error) => logger.warn({ err: error }, 'zip warning'));
  const failed = new Promise<never>((_resolve, reject) => zip.once('error', reject));
  failed.catch(() => undefined);
  res.once('close', () => zip.abort());
  zip.pipe(res);
  for (const [i, row] of rows.entries()) {
    const body = await storage.read(originalPath(row.key));
    if (!body) continue;
    const entryDone = new Promise<void>((resolve) => zip.once('entry', () => resolve()));
    zip.append(body, {
      name: names[i]!,
      date: row.uploaded_at,
      store: COMPRESSED.test(row.mime_type),
    });
    await Promise.race([entryDone, failed]);
    if (res.destroyed) return;
  }
  await Promise.race([zip.finalize(), failed]);
}
