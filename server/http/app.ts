import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { Db } from '../db/schema';
import { authTestRoutes } from '../domains/auth/routes';
import { loadSession } from '../domains/auth/session-middleware';
import { backupTestRoutes } from '../domains/backup/routes';
import { badgeTestRoutes } from '../domains/badges/routes';
import { timeRequests } from '../domains/monitoring/request-timing';
import { monitoringTestRoutes } from '../domains/monitoring/test-routes';
import { domainRoutes } from '../domains/routes';
import { errorHandler } from './error-handler';
import { notFound } from './errors';
import { originCheck } from './origin-check';

export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  relayHealthy: () => boolean;
  webDir: string;
}

const REQUEST_ID = /^[\w.-]{1,100}$/;

function contentSecurityPolicy(https: boolean): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Toasts and Radix set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https,
  });
}

export function createApp(deps: AppDeps): Express {
  const { config, db, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      // Every line a request logs carries `requestId` at the top level.
      quietReqLogger: true,
      customAttributeKeys: { reqId: 'requestId' },
      // Known once the API has loaded the session: the completion line names who asked.
      customProps: (req) =>
        req.session ? { userId: req.session.userId, sessionId: req.session.id } : {},
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    }),
  );
  app.use(contentSecurityPolicy(config.publicUrl.startsWith('https:')));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', (req, res) => {
    sql`select 1`
      .execute(db)
      .then(() => true)
      .catch((err: unknown) => {
        req.log.warn({ err }, 'database not reachable');
        return false;
      })
      .then((database) => {
        const relay = deps.relayHealthy();
        res.status(database && relay ? 200 : 503).json({
          status: database && relay ? 'ready' : 'not-ready',
          database: database ? 'up' : 'down',
          relay: relay ? 'up' : 'down',
        });
      });
  });

  const api = express.Router();
  api.use(timeRequests);
  api.use(express.json({ limit: '1mb' }));
  api.use(originCheck(config.publicUrl));
  api.use(loadSession(db));
  api.get('/config', (_req, res) => {
    res.json({ authGuard: config.AUTH_GUARD });
  });
  for (const router of domainRoutes({ db, publicUrl: config.publicUrl, config })) api.use(router);
  if (config.ENABLE_TEST_ROUTES) {
    api.use(
      badgeTestRoutes({ db }),
      authTestRoutes({ db }),
      backupTestRoutes({ db }),
      monitoringTestRoutes({ db, config }),
    );
  }
  api.use((req, _res, next) => next(notFound(`No API route for ${req.method} ${req.path}`)));
  api.use(errorHandler);
  app.use('/api', api);

  const index = path.join(deps.webDir, 'index.html');
  if (config.SERVE_WEB && existsSync(index)) {
    app.use(express.static(deps.webDir, { index: false, maxAge: '1h' }));
    app.get('/{*path}', (_req, res) => {
      res.setHeader('cache-control', 'no-cache');
      res.sendFile(index);
    });
  } else if (config.SERVE_WEB) {
    logger.warn({ webDir: deps.webDir }, 'web app not built; run `npm run build` to serve it');
  }
  app.use(errorHandler);
  return app;
}
