import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import { defineRoute, type AnyRouteSpec } from '../route-spec';
import { PROJECT_ROOT } from '../../project-root';

// Swagger UI's own files, served from node_modules: the reference works offline and under a
// `script-src 'self'` policy.
const swaggerUi = path.dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);
const here = path.join(PROJECT_ROOT, 'server/http/openapi');
// Each file by its folder and its name in it: `sendFile` judges every segment of the path it is
// given for a leading dot, so an absolute path would fail wherever the app is installed under a
// dot-folder (`~/.local/src/agora`).
const ASSETS = {
  'swagger-ui.css': { root: swaggerUi, name: 'swagger-ui.css' },
  'swagger-ui-bundle.js': { root: swaggerUi, name: 'swagger-ui-bundle.js' },
  'swagger-init.js': { root: here, name: 'swagger-init.js' },
};
const assetNames = Object.keys(ASSETS) as [keyof typeof ASSETS, ...(keyof typeof ASSETS)[]];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `base` is where the API is mounted (`/api`), so the page does not depend on its own URL. */
function page(base: string): string {
  const at = escapeHtml(base);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${at}/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui" data-spec-url="${at}/openapi.json"></div>
    <script src="${at}/docs/swagger-ui-bundle.js"></script>
    <script src="${at}/docs/swagger-init.js"></script>
  </body>
</html>
`;
}

/**
 * The API's description of itself: the OpenAPI document and a page to browse it. They are routes
 * like any other, so the document lists them too and every mounted route is documented.
 */
export function apiDocsRoutes(getDocument: () => object): AnyRouteSpec[] {
  return [
    defineRoute({
      method: 'get',
      path: '/openapi.json',
      tag: 'docs',
      summary: 'This OpenAPI 3.1 document',
      auth: 'public',
      responses: { 200: { description: 'The OpenAPI document', contentType: 'application/json' } },
      async handler(_input, _req, res) {
        res.json(getDocument());
      },
    }),
    defineRoute({
      method: 'get',
      path: '/docs',
      tag: 'docs',
      summary: 'The API reference to browse (Swagger UI)',
      auth: 'public',
      responses: { 200: { description: 'The reference page', contentType: 'text/html' } },
      async handler(_input, req, res) {
        // The page is `<base>/docs`, however its routes are mounted below the base.
        const own = req.originalUrl.split('?')[0]!.replace(/\/+$/, '');
        res.type('html').send(page(own.slice(0, -'/docs'.length)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/docs/:file',
      tag: 'docs',
      summary: 'A script or style sheet of the reference page',
      auth: 'public',
      params: z.strictObject({ file: z.enum(assetNames) }),
      responses: {
        200: {
          description: 'The style sheet or script',
          contentType: ['text/css', 'text/javascript'],
        },
      },
      async handler({ params }, _req, res) {
        await new Promise<void>((resolve, reject) => {
          // Once the file has started, a failure (the client went away) has nobody to answer.
          const asset = ASSETS[params.file];
          res.sendFile(asset.name, { root: asset.root, maxAge: '1d' }, (error) =>
            error && !res.headersSent ? reject(error) : resolve(),
          );
        });
      },
    }),
  ];
}
