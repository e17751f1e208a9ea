import react from '@vitejs/plugin-react';
import type { OutputAsset } from 'rolldown';
import { createServer, type Plugin } from 'vite';
import { FIRST_SCREEN_SLOT, FIRST_SCREEN_TEMPLATE } from '../shared/first-screen';
import { prerenderedFile } from '../shared/prerendered';
import type * as prerender from '../web/app/prerender';
import { emitHashedScript } from './hashed-asset';
import {
  AFTER_PAINT_LOADER,
  scriptsAfterPaint,
  withoutSessionPreload,
  withPage,
} from './prerendered-page';

type PrerenderModule = typeof prerender;

/**
 * Writes `prerendered/<path>.html` (`prerenderedFile`) for each visitor page that
 * `web/app/prerender.tsx` lists, rendered to HTML at build time through a Vite server of its own
 * (the page's modules as the app has them). The server sends it for that path instead of
 * `index.html` (`server/http/static-web.ts`). Its scripts start after it has been painted
 * (`scriptsAfterPaint`). Also the template of a member's home, which the server fills with the
 * page it draws (`FIRST_SCREEN_TEMPLATE`): the session comes with it, so it preloads none.
 */
export function prerenderVisitorPages(webRoot: string): Plugin {
  return {
    name: 'agora:prerender',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const html = bundle['index.html'] as OutputAsset | undefined;
      if (!html) return;
      const loader = emitHashedScript(this, 'after-paint', AFTER_PAINT_LOADER);
      this.emitFile({
        type: 'asset',
        fileName: FIRST_SCREEN_TEMPLATE,
        source: scriptsAfterPaint(
          withoutSessionPreload(withPage(String(html.source), FIRST_SCREEN_SLOT, 'Home')),
          loader,
        ),
      });
      const vite = await createServer({
        configFile: false,
        root: webRoot,
        logLevel: 'error',
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
      });
      try {
        const module = (await vite.ssrLoadModule('/app/prerender.tsx')) as PrerenderModule;
        for (const page of module.prerenderedPages) {
          const fileName = prerenderedFile(page.path);
          if (fileName === null) throw new Error(`prerender: ${page.path} names no page`);
          this.emitFile({
            type: 'asset',
            fileName,
            source: scriptsAfterPaint(
              withPage(String(html.source), module.renderPage(page), page.title),
              loader,
            ),
          });
        }
      } finally {
        await vite.close();
      }
    },
  };
}
