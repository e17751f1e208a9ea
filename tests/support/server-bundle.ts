import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

/** The server as one file of its own code (packages stay in node_modules), built for a test run. */
const bundleIn = (root: string) => path.join(root, '.cache/server/main.mjs');

/**
 * Bundles `server/main.ts` for the test run's server processes. Node loads the bundle in about a
 * third of the time it takes tsx to load the sources (1.6 s against 5 s on the two-core machine),
 * and the tests start a server process some thirty times. Built once per run by the global
 * set-ups, from the sources as they are. `root` is the project's folder.
 *
 * Written beside its place and then renamed into it: integration shards run side by side, and one
 * shard's server must never load the file while another shard's set-up is half-way through writing
 * it.
 */
export async function buildServerBundle(root: string): Promise<void> {
  const bundle = bundleIn(root);
  const partial = `${bundle}.${process.pid}.partial`;
  await build({
    entryPoints: [path.join(root, 'server/main.ts')],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  await rename(partial, bundle);
}

/**
 * The arguments that start the server: the run's bundle once built, else its sources under tsx (a
 * test file run on its own outside a global set-up).
 */
export function serverArgs(root: string): string[] {
  const bundle = bundleIn(root);
  return existsSync(bundle)
    ? ['--enable-source-maps', bundle]
    : ['--import', 'tsx', path.join(root, 'server/main.ts')];
}
