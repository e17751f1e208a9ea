import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { Server as SocketServer } from 'socket.io';
import type { Config } from './config';
import { connectDatabase, type DatabaseHandle } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDefaultTemplates } from './domains/email/template-store';
import { createPushers, createSocketFeatures } from './domains/live';
import type { LogCapture } from './domains/logs/log-capture';
import { createWorkers } from './domains/workers';
import { createApp } from './http/app';
import { createGateway } from './realtime/gateway';
import { LiveRelay } from './realtime/relay';

export interface RunningServer {
  url: string;
  port: number;
  database: DatabaseHandle;
  io: SocketServer;
  relay: LiveRelay;
  http: HttpServer;
  /** Graceful stop: refuse new connections, close sockets, finish requests, close the pool. */
  close(): Promise<void>;
}

const RELAY_POOL_SIZE = 2;
const DEFAULT_WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/web');

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
  await seedDefaultTemplates(database.db);
  logCapture?.attach(database.db);

  let relay: LiveRelay | null = null;
  const app = createApp({
    config,
    db: database.db,
    logger,
    relayHealthy: () => relay?.healthy ?? false,
    webDir,
  });
  const http = createServer(app);
  const connections = new Set<Socket>();
  http.on('connection', (socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
  });
  const features = createSocketFeatures({ db: database.db, connectionString, logger });
  const io = createGateway(http, database.db, config.publicUrl, features);
  for (const feature of features) await feature.start?.(io);
  relay = new LiveRelay({
    connectionString,
    db: relayDatabase.db,
    io,
    pushers: createPushers(),
    logger,
  });
  await relay.start();
  const workers = createWorkers({ db: database.db, config, logger, connectionString, io, relay });
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
      await logCapture?.detach();
      await relay.stop();
      for (const feature of features) await feature.stop?.();
      await relayDatabase.close();
      await database.close();
    })();
    return closing;
  };
  const running: RunningServer = { url, port, database, io, relay, http, close };
  return running;
}
