import { createHash } from 'node:crypto';
import type { Rollup } from 'vite';

/**
 * Emits a small script the build writes itself as `assets/<name>-<hash>.js`, named by its content
 * like Vite's own files (so `static-web.ts` caches it for a year), and answers its URL path.
 */
export function emitHashedScript(
  context: Pick<Rollup.PluginContext, 'emitFile'>,
  name: string,
  source: string,
): string {
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  const fileName = `assets/${name}-${hash}.js`;
  context.emitFile({ type: 'asset', fileName, source });
  return `/${fileName}`;
}
