import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { SERVER_METRICS } from '../../../shared/ops/monitoring';
import { OPS_EVENTS } from '../../../shared/ops/realtime';
import type { Db } from '../../db/schema';
import { OPS_ROOM } from '../../realtime/pusher';
import type { RuntimeDeps } from '../../core/module';
import type { BackgroundWorker } from '../../core/worker';
import { RuleEvaluator } from './rule-evaluator';
import { recordServerMetric } from './telemetry-buffer';
import { flushServerTelemetry } from './telemetry-flush';

const FLUSH_MS = 5000;
const RETENTION_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** How long the oldest event past the relay's checkpoint has been waiting, in ms (0 if none). */
export async function measureRelayLag(db: Db, checkpoint: number | null): Promise<number> {
  if (checkpoint === null) return 0;
  const row = await db
    .selectFrom('events')
    .select(sql<number | null>`extract(epoch from now() - min(occurred_at)) * 1000`.as('lag'))
    .where('global_position', '>', checkpoint)
    .executeTakeFirst();
  return Math.max(0, Number(row?.lag ?? 0));
}

export async function pruneTelemetry(db: Db, retentionDays: number, now = new Date()) {
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  await db.deleteFrom('monitoring_events').where('occurred_at', '<', before).execute();
  await db.deleteFrom('performance_metrics').where('recorded_at', '<', before).execute();
}

/**
 * Samples this process (open sockets, event-loop lag, relay lag), flushes the buffered telemetry,
 * evaluates the alert rules and prunes telemetry past its retention.
 */
export function createMonitoringWorker(deps: RuntimeDeps): BackgroundWorker {
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  const processTag = { process: `${os.hostname()}:${process.pid}` };
  const evaluator = new RuleEvaluator({
    db: deps.db,
    commands: deps.commands,
    config: deps.config,
    logger: deps.logger,
    emitLocal: (alert) => deps.io.local.to(OPS_ROOM).emit(OPS_EVENTS.alert, { alert }),
  });
  const timers: NodeJS.Timeout[] = [];
  let running: Promise<unknown> = Promise.resolve();

  /** One task at a time, so a slow database never stacks flushes on top of each other. */
  const serially = (name: string, task: () => Promise<unknown>) => () => {
    running = running.then(task).catch((err: unknown) => {
      deps.logger.warn({ err, task: name }, 'monitoring task failed');
    });
  };

  const sample = async () => {
    const now = new Date();
    recordServerMetric(
      {
        name: SERVER_METRICS.openSockets,
        value: deps.io.of('/').sockets.size,
        unit: 'count',
        tags: processTag,
      },
      now,
    );
    // The histogram counts nanoseconds; a sample window with no samples reports NaN.
    const lagMs = loopDelay.count > 0 ? loopDelay.percentile(99) / 1e6 : 0;
    loopDelay.reset();
    recordServerMetric(
      { name: SERVER_METRICS.eventLoopLag, value: lagMs, unit: 'ms', tags: processTag },
      now,
    );
    const relayLag = await measureRelayLag(deps.db, deps.relay.checkpointPosition);
    recordServerMetric(
      { name: SERVER_METRICS.relayLag, value: relayLag, unit: 'ms', tags: processTag },
      now,
    );
    await flushServerTelemetry(deps.db, now);
  };

  const every = (ms: number, task: () => void) => {
    const timer = setInterval(task, ms);
    timer.unref();
    timers.push(timer);
  };

  return {
    name: 'monitoring',
    async start() {
      loopDelay.enable();
      every(FLUSH_MS, serially('sample', sample));
      every(
        deps.config.ALERT_EVALUATION_MS,
        serially('rules', () => evaluator.evaluateRules()),
      );
      const prune = serially('retention', () =>
        pruneTelemetry(deps.db, deps.config.MONITORING_RETENTION_DAYS),
      );
      every(RETENTION_MS, prune);
      prune();
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      loopDelay.disable();
      await running;
      // What is still buffered is written while the pool is open.
      await flushServerTelemetry(deps.db).catch(() => undefined);
    },
  };
}
