import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import type { Express } from 'express';
import type { Logger } from 'pino';
import type { Server as SocketServer } from 'socket.io';
import type { Config } from './config';
import { connectDatabase, type DatabaseHandle } from './db/database';
import { createReadReplicas } from './db/replicas';
import { migrateToLatest } from './db/migrate';
import { composeApplication, type Application } from './composition';
import type { LogCapture } from './domains/logs/log-capture';
import { createApp } from './http/app';
import { handshakeClient } from './http/caller';
import { createGateway } from './realtime/gateway';
import { createOpsFeature } from './realtime/ops-channel';
import { LiveRelay } from './realtime/relay';
import { PROJECT_ROOT } from './project-root';

export interface RunningServer {
  url: string;
  port: number;
  database: DatabaseHandle;
  /** The modules as this process composed them: commands, projections, event store. */
  application: Application;
  io: SocketServer;
  relay: LiveRelay;
  http: HttpServer;
  /** The Express app, for tests that compare what it mounted with what it documents. */
  app: Express;
  /** Graceful stop: refuse new connections, close sockets, finish requests, close the pool. */
  close(): Promise<void>;
}

const RELAY_POOL_SIZE = 2;

/**
 * How long an idle keep-alive connection is held open. It must outlast every client's own hold,
 * or a client sends its next request on a connection the server is closing and reads a reset:
 * nginx keeps upstream connections 60 s (`keepalive_timeout`) and never resends a POST, and
 * Node's own client agent holds one 5 s, Node's server default too (the likely cause of a reset
 * an end-to-end test's POST once read). The time allowed for a request's headers is kept above
 * it, so that it never cuts a connection that is still allowed to idle.
 */
const KEEP_ALIVE_MS = 65_000;

const DEFAULT_WEB_DIR = path.join(PROJECT_ROOT, 'dist/web');

export async function startServer(
  config: Config,
  connectionString: string,
  logger: Logger,
  webDir = DEFAULT_WEB_DIR,
  /** The logger's capture destination, if it has one: it stores on this server's pool. */
  logCapture?: LogCapture,
): Promise<RunningServer> {
  const onIdleClientError = (err: Error) =>
    logger.warn({ err }, 'an idle database connection was closed');
  const database = connectDatabase(connectionString, config.DB_POOL_SIZE, onIdleClientError);
  // The relay reads on connections of its own: behind a busy command pool its reads would queue
  // with the commands, and every push would wait for them.
  const relayDatabase = connectDatabase(connectionString, RELAY_POOL_SIZE, onIdleClientError);
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');

  const replicas = createReadReplicas(config, database, logger);
  await replicas?.router.start();

  let relay: LiveRelay | null = null;
  const application = composeApplication({
    config,
    db: database.db,
    replicas,
    logger,
    connectionString,
    // After a commit the process drops what changed from its caches, wakes its own relay at once
    // and the others' through one NOTIFY.
    onCommitted: (events) => relay?.wakeAfterCommit(events),
  });
  await application.start();
  logCapture?.attach(database.db);

  const app = createApp({
    config,
    db: database.db,
    logger,
    relayHealthy: () => relay?.healthy ?? false,
    databaseStatus: application.deps.databaseStatus,
    webDir,
    routes: application.routes,
    mounts: application.mounts,
    apiMiddleware: application.apiMiddleware,
    findSession: application.findSession,
    findCachedSession: application.findCachedSession,
    findToken: application.findToken,
    onServerError: application.onServerError,
    readFirstScreen: application.readFirstScreen ?? undefined,
  });
  const http = createServer(app);
  http.keepAliveTimeout = KEEP_ALIVE_MS;
  http.headersTimeout = KEEP_ALIVE_MS + 1_000;
  const connections = new Set<Socket>();
  http.on('connection', (socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
  });
  const features = [
    ...application.socketFeatures,
    createOpsFeature({ db: database.db, connectionString, logger }),
  ];
  const io = createGateway(
    http,
    application.findSession,
    application.findToken,
    handshakeClient(app),
    config.publicUrl,
    features,
  );
  for (const feature of features) await feature.start?.(io);
  relay = new LiveRelay({
    connectionString,
    db: relayDatabase.db,
    io,
    pushers: application.pushers,
    caches: application.caches,
    logger,
  });
  await relay.start();
  const workers = application.workers({ io, relay });
  for (const worker of workers) await worker.start();

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.PORT, config.HOST, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
      await new Promise<void>((resolve) => io.close(() => resolve()));
      http.closeIdleConnections();
      const forceAfter = setTimeout(() => {
        for (const socket of connections) socket.destroy();
      }, 10_000);
      await stopped;
      clearTimeout(forceAfter);
      for (const worker of workers) await worker.stop();
      await application.settled();
      await logCapture?.detach();
      await relay.stop();
      for (const feature of features) await feature.stop?.();
      await relayDatabase.close();
      await replicas?.router.stop();
      await database.close();
    })();
    return closing;
  };
  const running: RunningServer = {
    url,
    port,
    database,
    application,
    io,
    relay,
    http,
    app,
    close,
  };
  return running;
}
