import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config';
import { startEmbeddedPostgres } from './db/embedded-postgres';
import { PostgresSupervisor } from './db/postgres-supervisor';
import { LogCapture } from './domains/logs/log-capture';
import { createLogger } from './logger';
import { startServer, type RunningServer } from './server';
import { describeStartupError } from './startup-error';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const logCapture = new LogCapture();
const logger = createLogger(config.LOG_LEVEL, {
  level: config.LOG_CAPTURE_LEVEL,
  stream: logCapture,
});

let server: RunningServer | null = null;
let supervisor: PostgresSupervisor | null = null;
let connectionString = config.DATABASE_URL;

let shuttingDown = false;
async function shutdown(reason: string, exitCode = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ reason }, 'shutting down: draining connections');
  try {
    await server?.close();
    await supervisor?.stop();
    logger.info('shutdown complete');
    process.exit(exitCode);
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
// Registered before start-up, so a signal meanwhile still stops the embedded Postgres we started.
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
// Recorded as an error event for the operators; the process keeps serving.
process.on('unhandledRejection', (reason) => {
  logger.error({ err: reason }, 'unhandled promise rejection');
  server?.application.onServerError(reason, { component: 'process' });
});

/** With `DATABASE_URL` unset: our own Postgres, started again if it stops under the server. */
function embeddedPostgres(dataDir: string): PostgresSupervisor {
  return new PostgresSupervisor({
    start: () =>
      startEmbeddedPostgres({
        dataDir,
        port: config.EMBEDDED_PG_PORT,
        onLog: (line) => logger.debug({ postgres: line }),
        onOrphan: (orphan) =>
          logger.warn(
            orphan,
            'a Postgres left running by a server process that is gone holds the data directory: stopping it',
          ),
      }),
    logger,
    maxRestarts: config.EMBEDDED_PG_MAX_RESTARTS,
    onGiveUp: () => void shutdown('the embedded Postgres could not be kept running', 1),
  });
}

try {
  if (!connectionString) {
    const dataDir = path.join(config.DATA_DIR, 'postgres');
    logger.info({ dataDir }, 'DATABASE_URL not set: starting the embedded Postgres');
    supervisor = embeddedPostgres(dataDir);
    connectionString = await supervisor.start();
  }
  server = await startServer(config, connectionString, logger, undefined, logCapture);
} catch (error) {
  // On stderr whatever LOG_LEVEL says: the one line an operator must read.
  console.error(`Agora could not start: ${describeStartupError(error, connectionString)}`);
  logger.debug({ err: error }, 'start-up failed');
  await supervisor?.stop().catch(() => undefined);
  process.exit(1);
}

logger.info(
  { port: server.port, authGuard: config.AUTH_GUARD, testRoutes: config.ENABLE_TEST_ROUTES },
  `Agora is serving on http://localhost:${server.port}`,
);
if (!config.AUTH_GUARD) logger.warn('Authentication is temporarily disabled (AUTH_GUARD=off)');
