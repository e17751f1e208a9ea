import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Express, type Request, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DatabaseStatus } from '../../shared/ops/database';
import type { Config } from '../config';
import type { Db } from '../db/schema';
import type { ServerErrorContext } from '../core/module';
import type { SessionFinder, TokenFinder } from '../core/session';
import { loadCaller, requireMethodScope } from './caller';
import { contentSecurityPolicy } from './content-security';
import { createErrorHandler } from './error-handler';
import { firstScreenDrawer, type FirstScreenReader } from './first-screen';
import { notFound } from './errors';
import { jsonDepthLimit } from './json-depth';
import { mountRoutes } from './mount-routes';
import { apiDocsRoutes } from './openapi/api-docs';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi/document';
import { originCheck } from './origin-check';
import { requestLog } from './request-log';
import type { PathMount } from './path-mount';
import { defineRoute, type AnyRouteSpec } from './route-spec';
import { staticWeb } from './static-web';
import { PROJECT_ROOT } from '../project-root';

export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  relayHealthy: () => boolean;
  /** The read replicas' state, which `/readyz` reports (they never make it fail: the primary reads). */
  databaseStatus?: () => DatabaseStatus;
  webDir: string;
  /** The API's routes, mounted under `/api` and described by `/api/openapi.json`. */
  routes: readonly AnyRouteSpec[];
  /** Routers of the modules outside `/api` (files at `/cdn`). */
  mounts: readonly PathMount[];
  /** Runs in front of every API route (the modules' request timing). */
  apiMiddleware: readonly RequestHandler[];
  /** Finds the signed-in member a request's cookie names. */
  findSession: SessionFinder;
  /** The same from a per-process cache: the mounts outside the API need only who is asking. */
  findCachedSession?: SessionFinder;
  /** Finds the member an `Authorization: Bearer` token acts for. */
  findToken: TokenFinder;
  /** Told of every request that failed unexpectedly. */
  onServerError(error: unknown, where: ServerErrorContext): void;
  /** What a member's home drawn with its document shows; absent, the loading frame is sent. */
  readFirstScreen?: FirstScreenReader;
}

const whoAsked = ({ session }: Request) => {
  if (!session) return {};
  const credential = session.credential.kind === 'token' ? 'tokenId' : 'sessionId';
  return { userId: session.userId, [credential]: session.id };
};

const configRoute = (config: Config) =>
  defineRoute({
    method: 'get',
    path: '/config',
    summary: 'What the web app needs to know before it starts',
    auth: 'public',
    responses: { 200: z.object({ authGuard: z.boolean() }) },
    async handler(_input, _req, res) {
      res.json({ authGuard: config.AUTH_GUARD });
    },
  });

const packageVersion = (): string =>
  z
    .object({ version: z.string() })
    .parse(JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8'))).version;

/**
 * Every declarative route this app mounts, its API reference included; the OpenAPI document is
 * built (once, when first asked for) from exactly this list.
 */
function apiRoutes(deps: AppDeps): AnyRouteSpec[] {
  let document: OpenApiDocument | undefined;
  const getDocument = (): OpenApiDocument =>
    (document ??= buildOpenApiDocument(routes, { title: 'Agora API', version: packageVersion() }));
  const routes: AnyRouteSpec[] = [
    configRoute(deps.config),
    ...deps.routes,
    ...apiDocsRoutes(getDocument),
  ]
    // Test routes exist only where they are switched on, and are documented only there.
    .filter((spec) => deps.config.ENABLE_TEST_ROUTES || !spec.testOnly);
  return routes;
}

export function createApp(deps: AppDeps): Express {
  const { config, db, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);

  app.use(
    requestLog(app, logger, {
      ignore: (req) => req.url === '/healthz' || req.url === '/readyz',
      // Known once the API has loaded the session: the line names who asked.
      fieldsAtEnd: whoAsked,
    }),
  );
  app.use(
    contentSecurityPolicy({
      https: config.publicUrl.startsWith('https:'),
      adNetwork: config.ADSENSE_CLIENT_ID !== undefined,
    }),
  );

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  const replicasSaid = (): object => {
    const status = deps.databaseStatus?.();
    if (!status?.replicasConfigured) return {};
    return {
      replicas: status.targets
        .filter((target) => target.role === 'replica')
        .map(({ name, inRotation, reason, lagBytes, lagSeconds }) => ({
          name,
          inRotation,
          reason,
          lagBytes,
          lagSeconds,
        })),
    };
  };
  app.get('/readyz', (req, res) => {
    sql`select 1`
      .execute(db)
      .then(() => null)
      .catch((err: unknown) => {
        req.log.warn({ err }, 'database not reachable');
        const { code, message } = err as { code?: unknown; message?: unknown };
        return `database unreachable: ${typeof message === 'string' && message ? message : String(code)}`;
      })
      .then((databaseDown) => {
        const relay = deps.relayHealthy();
        if (!databaseDown && relay) {
          res.json({ status: 'ready', database: 'up', relay: 'up', ...replicasSaid() });
          return;
        }
        // Load balancers only read the status; an operator reads why.
        res
          .status(503)
          .set('retry-after', '5')
          .json({
            status: 'not-ready',
            database: databaseDown ? 'down' : 'up',
            relay: relay ? 'up' : 'down',
            ...replicasSaid(),
            reason: databaseDown ?? 'live relay not listening for new events',
          });
      });
  });

  const errorHandler = createErrorHandler(deps.onServerError);
  const api = express.Router();
  for (const middleware of deps.apiMiddleware) api.use(middleware);
  api.use(express.json({ limit: '1mb' }));
  api.use(jsonDepthLimit());
  api.use(originCheck(config.publicUrl));
  api.use(loadCaller(deps.findSession, deps.findToken));
  mountRoutes(api, apiRoutes(deps));
  api.use((req, _res, next) => next(notFound(`No API route for ${req.method} ${req.path}`)));
  api.use(errorHandler);
  app.use('/api', api);
  const mountCaller = loadCaller(deps.findCachedSession ?? deps.findSession, deps.findToken);
  for (const mount of deps.mounts) {
    app.use(mount.path, mountCaller, requireMethodScope(), mount.router, errorHandler);
  }

  const index = path.join(deps.webDir, 'index.html');
  if (config.SERVE_WEB && existsSync(index)) {
    const { readFirstScreen } = deps;
    const drawFirstScreen =
      readFirstScreen &&
      firstScreenDrawer({
        webDir: deps.webDir,
        findSession: deps.findSession,
        read: readFirstScreen,
        logger,
      });
    app.use(staticWeb(deps.webDir, drawFirstScreen));
  } else if (config.SERVE_WEB) {
    logger.warn({ webDir: deps.webDir }, 'web app not built; run `npm run build` to serve it');
  }
  // Whatever nothing above answered is the API's JSON 404, not Express's HTML page.
  app.use((req, _res, next) => next(notFound(`Nothing here for ${req.method} ${req.path}`)));
  app.use(errorHandler);
  return app;
}
