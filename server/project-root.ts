import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  let dir = from;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`No package.json above ${from}`);
    dir = up;
  }
  return dir;
}

/**
 * The project's folder, where package.json is: found from this file, so the files the server
 * reads beside its code (the built web app, the API reference's script, its own version) are found
 * whether it runs from its sources or from a bundle of them (the tests start one: it loads in a
 * third of the time).
 */
export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
