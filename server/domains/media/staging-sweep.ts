import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** An upload still staged after this long was cut off by a restart: no request is writing it. */
const STALE_AFTER_MS = 24 * 3600 * 1000;

/** Removes what crashed uploads left in staging; a live upload's file is younger. */
export async function sweepStaging(dir: string, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > STALE_AFTER_MS) {
      await rm(file, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}
