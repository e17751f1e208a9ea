import type { Readable } from 'node:stream';
import type { Response } from 'express';
import { ZipArchive } from 'archiver';
import { create as contentDisposition } from 'content-disposition';
import type { Logger } from 'pino';
import { exportFileName } from '../../../shared/account';
import type { Db } from '../../db/schema';
import type { ObjectStorage } from '../../storage/object-storage';
import { originalPath } from '../media/file-keys';
import { exportReadme } from './export-readme';
import { exportSections } from './export-sections';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

async function readFiles(db: Db, memberId: string) {
  return db
    .selectFrom('files')
    .select([
      'id',
      'key',
      'name',
      'folder',
      'mime_type as mimeType',
      'kind',
      'size',
      'is_public as isPublic',
      'is_starred as starred',
      'is_archived as archived',
      'tags',
      'description',
      'uploaded_at as uploadedAt',
    ])
    .where('owner_id', '=', memberId)
    .orderBy('uploaded_at')
    .execute();
}

/**
 * Streams the member's data as one zip: the JSON documents first (each read when the zip reaches
 * it), then each file's bytes read from storage only when its turn comes, so the archive is never
 * whole in memory and one file at a time is open. Headers go out once the reads that can fail
 * have been made, so a failure before the first byte is still an ordinary error answer.
 */
export async function sendExport(
  res: Response,
  db: Db,
  memberId: string,
  storage: ObjectStorage,
  logger: Logger,
): Promise<void> {
  const at = new Date();
  const account = await db
    .selectFrom('users')
    .select('username')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  const files = await readFiles(db, memberId);
  const zip = new ZipArchive({ zlib: { level: 6 } });
  res.status(200);
  res.setHeader('content-type', 'application/zip');
  res.setHeader('cache-control', 'private, no-store');
  res.setHeader('content-disposition', contentDisposition(exportFileName(at)));
  zip.on('warning', (error: Error) => logger.warn({ err: error }, 'export zip warning'));
  const failed = new Promise<never>((_resolve, reject) => zip.once('error', reject));
  failed.catch(() => undefined);
  res.once('close', () => zip.abort());
  zip.pipe(res);

  const add = async (name: string, body: string | Readable, store = false) => {
    const entryDone = new Promise<void>((resolve) => zip.once('entry', () => resolve()));
    zip.append(body, { name, date: at, store });
    await Promise.race([entryDone, failed]);
  };

  await add('README.txt', exportReadme(account.username, at));
  for (const section of exportSections) {
    await add(section.file, json(await section.read(db, memberId)));
    if (res.destroyed) return;
  }
  await add(
    'files.json',
    json(files.map(({ key, ...file }) => ({ ...file, path: `files/${key}` }))),
  );
  for (const file of files) {
    const body = await storage.read(originalPath(file.key));
    if (!body) {
      logger.warn({ key: file.key }, 'export: a file has no bytes in storage');
      continue;
    }
    await add(`files/${file.key}`, body, true);
    if (res.destroyed) return;
  }
  await Promise.race([zip.finalize(), failed]);
}
