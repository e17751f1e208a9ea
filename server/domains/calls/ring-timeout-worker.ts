import { systemContext } from '../../core/context';
import type { RuntimeDeps } from '../../core/module';
import type { BackgroundWorker } from '../../core/worker';
import { readOverdueRinging } from './call-read';
import { missCall } from './commands';

/** How often ringing calls are looked at: a quarter of the timeout, at most once a second. */
const ringCheckInterval = (timeoutMs: number) => Math.min(1000, Math.ceil(timeoutMs / 4));

/**
 * Ends every call that rang `CALL_RING_TIMEOUT_MS` without an answer as missed. Every process
 * runs it: two missing one call meet on its conversation's stream, and the loser reads it ended
 * and leaves it.
 */
export function createRingTimeoutWorker(deps: RuntimeDeps): BackgroundWorker {
  const timeoutMs = deps.config.CALL_RING_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const sweep = async () => {
    for (const callId of await readOverdueRinging(deps.db, timeoutMs)) {
      await deps.commands.run(missCall, { callId, now: new Date(), timeoutMs }, systemContext());
    }
  };
  const tick = () => {
    running = running.then(sweep).catch((err: unknown) => {
      deps.logger.warn({ err, worker: 'call-ring-timeout' }, 'ring timeout failed; next tick');
    });
  };
  return {
    name: 'call-ring-timeout',
    async start() {
      timer = setInterval(tick, ringCheckInterval(timeoutMs));
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
