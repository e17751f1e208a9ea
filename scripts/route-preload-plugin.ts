import path from 'node:path';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { emitHashedScript } from './hashed-asset';

/** A first page: the paths it is at, and the lazy route modules (under `web/`) it renders. */
export interface FirstPage {
  /** A regular expression source matched against `location.pathname`. */
  path: string;
  modules: string[];
}

export interface RoutePreloadOptions {
  pages: readonly FirstPage[];
  /**
   * Modules (under `web/`, like a page's) every page loads by `import()` before it can draw,
   * whatever path it opened at: preloaded beside the entry on all of them.
   */
  everyPage: readonly string[];
}

/**
 * The chunks `start` imports statically, itself included, each once: what the browser must fetch
 * before the module can run.
 */
function staticClosure(bundle: OutputBundle, start: OutputChunk): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  visit(start.fileName);
  return [...seen];
}

/** The chunk `module` (a path under `web/`; `../shared/…` beside it) was built into. */
function chunkOf(bundle: OutputBundle, module: string): OutputChunk {
  const suffix = `/${path.posix.normalize(`web/${module}`)}`;
  const chunk = Object.values(bundle).find(
    (output): output is OutputChunk =>
      output.type === 'chunk' &&
      output.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(suffix)),
  );
  if (!chunk) throw new Error(`route-preload: no chunk is built from web/${module}`);
  return chunk;
}

/**
 * A page's route modules are loaded by `import()` once the entry has run and the route is known:
 * on a slow link that is a second round of requests after the first. This plugin writes a small
 * classic script, loaded `async` from `index.html`, that names the route's chunks as
 * `modulepreload` links for the path the page was opened at, so they download beside the entry.
 * It is an external file because the Content-Security-Policy allows no inline script.
 */
export function routePreload({ pages, everyPage }: RoutePreloadOptions): Plugin {
  return {
    name: 'agora:route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'] as OutputAsset | undefined;
      const entry = Object.values(bundle).find(
        (output): output is OutputChunk => output.type === 'chunk' && output.isEntry,
      );
      if (!html || !entry) return;
      const preloadedByEntry = new Set(staticClosure(bundle, entry));
      const closureOf = (modules: readonly string[], skip: ReadonlySet<string>) => {
        const files = new Set<string>();
        for (const module of modules) {
          for (const file of staticClosure(bundle, chunkOf(bundle, module))) {
            if (!skip.has(file)) files.add(file);
          }
        }
        return files;
      };
      const common = closureOf(everyPage, preloadedByEntry);
      const skipped = new Set([...preloadedByEntry, ...common]);
      const rules = pages.map(
        (page) => [page.path, [...closureOf(page.modules, skipped)]] as const,
      );
      // The page's own chunks first: its first render waits on them; the common ones follow.
      const source =
        `(function(){var r=${JSON.stringify(rules)},c=${JSON.stringify([...common])},` +
        `p=location.pathname,f=[];for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){` +
        `f=r[i][1];break}f.concat(c).forEach(function(f){var l=document.createElement('link');` +
        `l.rel='modulepreload';l.crossOrigin='';l.href='/'+f;document.head.appendChild(l)})})();\n`;
      const tag = `<script async src="${emitHashedScript(this, 'route-preload', source)}"></script>`;
      // Before the entry: it is requested before the entry's own preloads queue up.
      html.source = String(html.source).replace(
        '<script type="module"',
        `${tag}\n    <script type="module"`,
      );
    },
  };
}
