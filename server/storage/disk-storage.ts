import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  assertStorageKey,
  type ByteRange,
  type ObjectInfo,
  type ObjectStorage,
} from './object-storage';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Objects as files under one folder. A file appears under its key only once whole: it is
 * written elsewhere on the same file system and renamed into place, which is atomic.
 */
export function createDiskStorage(root: string): ObjectStorage {
  const objectsDir = path.join(root, 'objects');
  const stagingDir = path.join(root, 'staging');
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(objectsDir, key);
  };

  async function moveInto(key: string, from: string): Promise<void> {
    const target = pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(from, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(from, `${target}.partial`);
      await rename(`${target}.partial`, target);
      await unlink(from);
    }
  }

  return {
    driver: 'disk',
    stagingDir,
    putFile: (key, localPath) => moveInto(key, localPath),
    async put(key, body) {
      const temp = path.join(
        stagingDir,
        `put-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      );
      await writeFile(temp, body);
      await moveInto(key, temp);
    },
    async stat(key): Promise<ObjectInfo | null> {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { size: info.size, lastModified: info.mtime } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(key, range?: ByteRange): Promise<Readable | null> {
      const file = pathOf(key);
      return new Promise((resolve, reject) => {
        const stream = createReadStream(file, range ? { start: range.start, end: range.end } : {});
        stream.once('open', () => resolve(stream));
        stream.once('error', (error) => (isMissing(error) ? resolve(null) : reject(error)));
      });
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
    async deletePrefix(prefix) {
      const dir = pathOf(prefix.replace(/\/$/, ''));
      let count: number;
      try {
        const entries = await readdir(dir, { recursive: true, withFileTypes: true });
        count = entries.filter((entry) => entry.isFile()).length;
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      await rm(dir, { recursive: true, force: true });
      return count;
    },
    presignPut: async () => null,
    presignGet: async () => null,
    async check() {
      const key = `health/probe-${process.pid}`;
      const body = Buffer.from(String(Date.now()));
      await this.put(key, body, 'text/plain');
      const info = await this.stat(key);
      if (info?.size !== body.length) throw new Error('The probe file did not read back');
      await this.delete([key]);
    },
    async prepare() {
      await mkdir(objectsDir, { recursive: true });
      await mkdir(stagingDir, { recursive: true });
    },
  };
}
