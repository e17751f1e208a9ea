import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { firstScreenModule } from './scripts/first-screen-plugin';
import { prerenderVisitorPages } from './scripts/prerender-plugin';
import { pwa } from './scripts/pwa-plugin';
import { routePreload, type FirstPage } from './scripts/route-preload-plugin';

/** The API server `npm run dev` proxies to: the one `PORT` starts (as the server reads it). */
const apiServer = `http://localhost:${process.env.PORT || 8080}`;

/**
 * Libraries change far less often than the app, so they get their own long-cached chunks; a
 * deploy then re-downloads only the app code.
 */
const vendorGroups = [
  {
    name: 'vendor-react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]|vite[\\/]preload-helper/,
  },
  {
    name: 'vendor-state',
    test: /node_modules[\\/](@reduxjs|redux|redux-thunk|immer|reselect|react-redux)[\\/]/,
  },
  { name: 'vendor-zod', test: /node_modules[\\/]zod[\\/]/ },
  {
    name: 'vendor-realtime',
    test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io)[\\/]/,
  },
  {
    name: 'vendor-ui',
    test: /node_modules[\\/](sonner|tailwind-merge|clsx)[\\/]/,
  },
  /*
   * On a phone's link every request costs a round trip: left to itself the build gives each icon
   * and each Radix part shared by two pages a chunk of its own (131 chunks under 1 kB), and the
   * first page waits on dozens of them. Each family is one chunk instead, loaded once.
   */
  {
    name: 'vendor-icons',
    test: /node_modules[\\/]lucide-react[\\/]/,
    entriesAware: true,
    entriesAwareMergeThreshold: 8000,
  },
  {
    name: 'vendor-radix',
    test: /node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|detect-node-es|tslib)[\\/]/,
    entriesAware: true,
    entriesAwareMergeThreshold: 8000,
  },
];
/**
 * The pages most often opened first, with the lazy route modules each renders: their chunks are
 * preloaded as the page opens (scripts/route-preload-plugin.ts) rather than after the entry ran.
 */
const firstPages: FirstPage[] = [
  { path: '^/login$', modules: ['features/auth/LoginPage.tsx'] },
  { path: '^/create-account$', modules: ['features/auth/CreateAccountPage.tsx'] },
  {
    path: '^/(home)?$',
    modules: [
      'features/shell/AppShell.tsx',
      'features/home/HomePage.tsx',
      // The feed the page loads by `import()` once it knows a member is signed in.
      'features/home/HomeFeed.tsx',
    ],
  },
  {
    path: '^/messages(/|$)',
    modules: ['features/shell/AppShell.tsx', 'features/messaging/MessagesPage.tsx'],
  },
  {
    path: '^/post/',
    modules: ['features/shell/AppShell.tsx', 'features/posts/post-page/PostPage.tsx'],
  },
];
/**
 * Every page waits for the session's answer before it draws anything, and a member's answer is
 * parsed by schemas (and zod) that load by `import()` only once the answer is in: one more round
 * trip on a member's first page. A visitor's answer needs none
 * (`web/features/auth/sessionSummary.ts`).
 */
const everyPage = ['../shared/auth/schemas.ts'];
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` next to every compressible file of the build, at the
 * strongest settings: it is done once per build, and the server then sends them as they are
 * (`server/http/static-web.ts`) instead of compressing each response.
 */
function precompress(): Plugin {
  let outDir = '';
  const compress = async (file: string) => {
    const body = await readFile(file);
    if (body.length < MIN_BYTES) return;
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipAsync(body, { level: zlib.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < body.length) await writeFile(`${file}.br`, br);
    if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
  };
  return {
    name: 'agora:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After everything is written, public files included.
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
        // Vite's own records (`.vite/manifest.json`) are never served.
        .filter(
          (file) =>
            !path
              .relative(outDir, file)
              .split(path.sep)
              .some((s) => s.startsWith('.')),
        );
      await Promise.all(files.map(compress));
    },
  };
}

const proxy = {
  '/api': { target: apiServer },
  '/socket.io': { target: apiServer, ws: true },
};

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    pwa({
      iconSvg: fileURLToPath(new URL('./web/public/favicon.svg', import.meta.url)),
      serviceWorker: fileURLToPath(new URL('./web/pwa/service-worker.js', import.meta.url)),
    }),
    routePreload({ pages: firstPages, everyPage }),
    prerenderVisitorPages(fileURLToPath(new URL('./web', import.meta.url))),
    firstScreenModule(fileURLToPath(new URL('./web', import.meta.url))),
    precompress(),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // A browser without <link rel="modulepreload"> (Safari before 17, Firefox before 115) still
    // loads every chunk, only without the head start; the polyfill would cost every first page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // A feature's index.ts only re-exports: a page takes what it imports from another feature,
      // not the rest of that feature's public modules (docs/architecture.md, "The web client").
      treeshake: {
        moduleSideEffects: [{ test: /\/web\/features\/[^/]+\/index\.ts$/, sideEffects: false }],
      },
      output: {
        codeSplitting: { groups: vendorGroups },
        // A group split by its importers is named after all of them (`vendor-icons~AppsPage~…`):
        // the group's name and the hash are enough.
        chunkFileNames: (chunk) => `assets/${chunk.name.split('~')[0]}-[hash].js`,
      },
    },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 5173, proxy },
});
