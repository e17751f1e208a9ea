import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { BackgroundWorker } from '../core/worker';
import type { Db, Trx } from '../db/schema';

export interface PartitionPlan {
  /** Positions per partition. */
  span: number;
  /** Spans past the newest position that must already have a partition. */
  ahead: number;
}

export function eventPartitionPlan(config: Config): PartitionPlan {
  return { span: config.EVENT_PARTITION_SPAN, ahead: config.EVENT_PARTITIONS_AHEAD };
}

/**
 * The advisory lock `agora_ensure_event_partitions` takes its turns under (migration
 * `20261211T100000-event-partitions`), as SQL. Whoever also locks the log itself takes this one
 * first, as the function does before its ATTACH locks the log: taken the other way round the two
 * deadlock.
 */
export const EVENT_PARTITIONS_LOCK = "hashtext('agora_event_partitions')";

/**
 * Makes the log's partitions up to `ahead` spans past its newest position (or past `through`,
 * when a restore is about to write positions of its own), so an append never waits for DDL.
 * Safe to call from every process at once: `agora_ensure_event_partitions` takes turns under an
 * advisory lock and reads the partitions again once it has it. Answers how many it made.
 */
export async function ensureEventPartitions(
  db: Db | Trx,
  plan: PartitionPlan,
  through = 0,
): Promise<number> {
  const { rows } = await sql<{ created: number }>`
    select agora_ensure_event_partitions(
      greatest(${through}::bigint,
               coalesce(pg_sequence_last_value(pg_get_serial_sequence('events', 'global_position')),
                        0))
        + ${plan.ahead}::bigint * ${plan.span}::bigint,
      ${plan.span}::bigint) as created`.execute(db);
  return rows[0]!.created;
}

/** Keeps the margin of partitions: once before the process serves, then every `intervalMs`. */
export function createEventPartitionWorker(deps: {
  db: Db;
  logger: Logger;
  plan: PartitionPlan;
  intervalMs: number;
}): BackgroundWorker {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const ensure = () => {
    running ??= ensureEventPartitions(deps.db, deps.plan)
      .then((created) => {
        if (created > 0) deps.logger.info({ created }, 'event log partitions made ahead');
      })
      .catch((err: unknown) => deps.logger.warn({ err }, 'making event log partitions failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    name: 'event-partitions',
    async start() {
      await ensure();
      timer = setInterval(() => void ensure(), deps.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
