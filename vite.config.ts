import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://localhost:8080';

/**
 * Libraries change far less often than the app, so they get their own long-cached chunks; a
 * deploy then re-downloads only the app code.
 */
const vendorGroups = [
  {
    name: 'vendor-react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
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
const proxy = {
  '/api': { target: apiServer },
  '/socket.io': { target: apiServer, ws: true },
};

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: { groups: vendorGroups } } },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 5173, proxy },
});
