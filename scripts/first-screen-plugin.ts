import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { FIRST_SCREEN_MODULE } from '../shared/first-screen';

/**
 * Builds `web/app/first-screen.tsx` for Node beside the web app (`FIRST_SCREEN_MODULE`, outside
 * the served folder): the module the server draws a member's home with. Libraries stay imports
 * of `node_modules`, as the server's own are.
 */
export function firstScreenModule(webRoot: string): Plugin {
  let outDir = '';
  return {
    name: 'agora:first-screen',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const file = path.resolve(outDir, FIRST_SCREEN_MODULE);
      await build({
        configFile: false,
        root: webRoot,
        logLevel: 'warn',
        publicDir: false,
        plugins: [react()],
        build: {
          ssr: path.join(webRoot, 'app/first-screen.tsx'),
          outDir: path.dirname(file),
          emptyOutDir: true,
          rolldownOptions: { output: { entryFileNames: path.basename(file) } },
        },
      });
    },
  };
}
