import type { CommandRunner } from '../../core/command-runner';
import { systemContext } from '../../core/context';
import type { ModuleDeps, RuntimeDeps } from '../../core/module';
import type { BackgroundWorker } from '../../core/worker';
import { AdMetricsCounter } from './ad-metrics-counter';
import { recordAdMetrics } from './commands';

const counters = new WeakMap<CommandRunner, AdMetricsCounter>();

/**
 * The process's counter for a composed application: the route records into it and the worker
 * writes it. Keyed by the command runner, which routes and workers share (the workers' deps are
 * a copy with the sockets added).
 */
export function adMetricsCounter({ commands }: Pick<ModuleDeps, 'commands'>): AdMetricsCounter {
  let counter = counters.get(commands);
  if (!counter) {
    counter = new AdMetricsCounter({
      write: (counts) => commands.run(recordAdMetrics, { counts }, systemContext()),
    });
    counters.set(commands, counter);
  }
  return counter;
}

/** Writes what this process counted every `ADS_METRICS_FLUSH_MS`, and once more at stop. */
export function createAdMetricsWorker(deps: RuntimeDeps): BackgroundWorker {
  const counter = adMetricsCounter(deps);
  let timer: NodeJS.Timeout | undefined;
  const flush = () =>
    counter.flush().catch((err: unknown) => {
      deps.logger.warn({ err }, 'writing ad metrics failed; they wait for the next flush');
    });
  return {
    name: 'ad-metrics',
    async start() {
      timer = setInterval(flush, deps.config.ADS_METRICS_FLUSH_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
