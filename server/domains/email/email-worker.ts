import type { RuntimeDeps } from '../../core/module';
import { createTransport } from './transport';
import { EmailWorker } from './worker';

/** This process's email worker, configured from the environment (none when EMAIL_WORKER is off). */
export function createEmailWorkers(deps: RuntimeDeps): EmailWorker[] {
  const { config } = deps;
  if (!config.EMAIL_WORKER) return [];
  return [
    new EmailWorker({
      db: deps.db,
      connectionString: deps.connectionString,
      logger: deps.logger.child({ worker: 'email' }),
      transport: createTransport(config, deps.db),
      from: config.EMAIL_FROM,
      maxAttempts: config.EMAIL_MAX_ATTEMPTS,
      retryBaseMs: config.EMAIL_RETRY_BASE_MS,
      retryMaxMs: config.EMAIL_RETRY_MAX_MS,
      batchSize: config.EMAIL_BATCH_SIZE,
      pollMs: config.EMAIL_POLL_MS,
      claimTimeoutMs: config.EMAIL_CLAIM_TIMEOUT_MS,
    }),
  ];
}
