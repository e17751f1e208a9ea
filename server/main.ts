import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres';
import { LogCapture } from './domains/logs/log-capture';
import { createLogger } from './logger';
import { startServer } from './server';

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

let embedded: EmbeddedDatabase | null = null;
let connectionString = config.DATABASE_URL;
if (!connectionString) {
  const dataDir = path.join(config.DATA_DIR, 'postgres');
  logger.info({ dataDir }, 'DATABASE_URL not set: starting the embedded Postgres');
  embedded = await startEmbeddedPostgres({
    dataDir,
    port: config.EMBEDDED_PG_PORT,
    onLog: (line) => logger.debug({ postgres: line }),
  });
  connectionString = embedded.connectionString;
}

const server = await startServer(config, connectionString, logger, undefined, logCapture);
logger.info(
  { port: server.port, authGuard: config.AUTH_GUARD, testRoutes: config.ENABLE_TEST_ROUTES },
  `Agora is serving on http://localhost:${server.port}`,
);
if (!config.AUTH_GUARD) logger.warn('Authentication is temporarily disabled (AUTH_GUARD=off)');

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, 'shutting down: draining connections');
  try {
    await server.close();
    await embedded?.stop();
    logger.info('shutdown complete');
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
// Recorded as an error event for the operators; the process keeps serving.
process.on('unhandledRejection', (reason) => {
  logger.error({ err: reason }, 'unhandled promise rejection');
  server.application.onServerError(reason, { component: 'process' });
});
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
