import type { Logger } from 'pino';
import type { Config } from '../config';
import type { DatabaseHandle } from './database';
import { ReadRouter } from './read-router';
import { ReadYourWrites } from './read-your-writes';

/** The read side of a deployment with streaming replicas: the router and what feeds it. */
export interface ReadReplicas {
  router: ReadRouter;
  writes: ReadYourWrites;
}

/** Null when DATABASE_REPLICA_URLS names none: every read then stays on the primary's pool. */
export function createReadReplicas(
  config: Config,
  primary: DatabaseHandle,
  logger: Logger,
): ReadReplicas | null {
  if (config.DATABASE_REPLICA_URLS.length === 0) return null;
  const writes = new ReadYourWrites(primary.db, logger);
  const router = new ReadRouter({
    primary: primary.clients,
    replicaUrls: config.DATABASE_REPLICA_URLS,
    poolSize: config.DB_POOL_SIZE,
    pollMs: config.REPLICA_POLL_MS,
    waitMs: config.REPLICA_WAIT_MS,
    maxLagBytes: config.REPLICA_MAX_LAG_BYTES,
    maxLagSeconds: config.REPLICA_MAX_LAG_SECONDS,
    retryBaseMs: config.REPLICA_RETRY_BASE_MS,
    retryMaxMs: config.REPLICA_RETRY_MAX_MS,
    logger,
    required: () => writes.required(),
  });
  return { router, writes };
}
