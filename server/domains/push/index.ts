import type { DomainModule } from '../../core/module';
import { pushProjection } from './push-projection';
import { pushQueuer } from './push-queue';
import { pushServices } from './push-services';
import { createPushTransport } from './push-transport';
import { PushWorker } from './push-worker';
import { pushRoutes } from './routes';

/**
 * Web Push: members' browsers subscribe; a notification raised for a member with no socket open
 * is queued for each of their browsers once the relay reads it, and a worker per process
 * delivers it, encrypted and VAPID-signed, with the email outbox's retries.
 */
export const pushModule: DomainModule = {
  name: 'push',
  projections: () => [pushProjection],
  routes: pushRoutes,
  pushers: ({ db, meanings }) => [pushQueuer(db, meanings)],
  workers: (deps) => {
    const { config } = deps;
    if (!config.PUSH_WORKER) return [];
    const { vapid } = pushServices(deps);
    return [
      new PushWorker({
        db: deps.db,
        connectionString: deps.connectionString,
        logger: deps.logger.child({ worker: 'web-push' }),
        commands: deps.commands,
        transport: createPushTransport({
          vapid: () => vapid.current,
          ...(config.WEB_PUSH_TEST_ORIGIN ? { testOrigin: config.WEB_PUSH_TEST_ORIGIN } : {}),
        }),
        maxAttempts: config.PUSH_MAX_ATTEMPTS,
        retryBaseMs: config.PUSH_RETRY_BASE_MS,
        retryMaxMs: config.PUSH_RETRY_MAX_MS,
      }),
    ];
  },
  start: (deps) => pushServices(deps).vapid.load(deps.db, deps.config),
};
