import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { pwa } from './scripts/pwa-plugin';

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
];
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
    precompress(),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // A browser without <link rel="modulepreload"> (Safari before 17, Firefox before 115) still
    // loads every chunk, only without the head start; the polyfill would cost every first page.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: vendorGroups } } },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 5173, proxy },
});
