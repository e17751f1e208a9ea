import { sql } from 'kysely';
import type { ContentMetric } from '../../../shared/content/history';
import { appendTo, defineCommand } from '../../core/command';
import { systemContext } from '../../core/context';
import type { CommandRunner } from '../../core/command-runner';
import type { ModuleDeps, RuntimeDeps } from '../../core/module';
import { rows, streamVersionSql } from '../../core/reads';
import type { BackgroundWorker } from '../../core/worker';
import { qb } from '../../db/statement';
import { metricsStreamId } from './streams';

/** One post's hits of one day (UTC), by metric. */
export interface MetricCounts {
  postId: string;
  day: string;
  counts: Partial<Record<ContentMetric, number>>;
}

/** (post, day) pairs per write: each write is one command, so one transaction. */
const PAIRS_PER_WRITE = 100;

/**
 * Adds counted hits: one `ContentMetricsRecorded` per post and day, on the post's metrics stream
 * at the version read (two processes writing one post meet there and the loser reads again). A
 * post gone meanwhile is left out.
 */
export const recordContentMetrics = defineCommand({
  name: 'contentHistory.metrics',
  load: (input: { batch: readonly MetricCounts[] }) => ({
    posts: rows(
      qb
        .selectFrom('posts as p')
        .select(['p.id', streamVersionSql(sql`'content-metrics-' || p.id::text`).as('version')])
        .where(sql<boolean>`p.id = any(${[...new Set(input.batch.map((b) => b.postId))]}::uuid[])`),
    ),
  }),
  decide({ posts }, { batch }) {
    return {
      appends: posts.map((post) =>
        appendTo(
          metricsStreamId(post.id),
          post.version,
          batch
            .filter((b) => b.postId === post.id)
            .map((b) => ({
              type: 'ContentMetricsRecorded' as const,
              data: { postId: b.postId, day: b.day, counts: b.counts },
            })),
        ),
      ),
    };
  },
});

/** `YYYY-MM-DD` of an instant, in UTC. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Analytics hits counted in this process's memory and written every `POST_VIEWS_FLUSH_MS` as one
 * event per post and day, as post views are (a hit per event would be most of the log). What is
 * pending at stop is written by the worker's `stop`; a crash loses at most one interval.
 */
export class MetricsBatcher {
  private pending = new Map<string, MetricCounts>();
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (batch: readonly MetricCounts[]) => Promise<unknown>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  record(postId: string, metric: ContentMetric, value: number): void {
    const day = utcDay(this.now());
    const key = `${postId}:${day}`;
    const entry = this.pending.get(key) ?? { postId, day, counts: {} };
    entry.counts[metric] = (entry.counts[metric] ?? 0) + value;
    this.pending.set(key, entry);
  }

  /** Writes the pending counts; one write at a time, so a slow database never stacks them. */
  flush(): Promise<void> {
    const run = this.writing.then(() => this.writeAll());
    this.writing = run.catch(() => undefined);
    return run;
  }

  private async writeAll(): Promise<void> {
    const taken = [...this.pending.values()];
    this.pending = new Map();
    for (let start = 0; start < taken.length; start += PAIRS_PER_WRITE) {
      try {
        await this.write(taken.slice(start, start + PAIRS_PER_WRITE));
      } catch (error) {
        // Kept for the next flush, with whatever was counted meanwhile.
        for (const entry of taken.slice(start)) {
          for (const [metric, count] of Object.entries(entry.counts) as [ContentMetric, number][]) {
            this.mergeBack(entry, metric, count);
          }
        }
        throw error;
      }
    }
  }

  private mergeBack(entry: MetricCounts, metric: ContentMetric, count: number): void {
    const key = `${entry.postId}:${entry.day}`;
    const kept = this.pending.get(key) ?? { postId: entry.postId, day: entry.day, counts: {} };
    kept.counts[metric] = (kept.counts[metric] ?? 0) + count;
    this.pending.set(key, kept);
  }
}

/**
 * The process's batcher for a composed application: routes record into it, the worker writes
 * it. Keyed by the command runner, which routes and workers share.
 */
const batchers = new WeakMap<CommandRunner, MetricsBatcher>();
export function contentMetrics(deps: Pick<ModuleDeps, 'commands'>): MetricsBatcher {
  let batcher = batchers.get(deps.commands);
  if (!batcher) {
    batcher = new MetricsBatcher((batch) =>
      deps.commands.run(recordContentMetrics, { batch }, systemContext()),
    );
    batchers.set(deps.commands, batcher);
  }
  return batcher;
}

/** Writes the hits this process counted every `POST_VIEWS_FLUSH_MS`, and once more at stop. */
export function createContentMetricsWorker(deps: RuntimeDeps): BackgroundWorker {
  const batcher = contentMetrics(deps);
  let timer: NodeJS.Timeout | undefined;
  const flush = () =>
    batcher.flush().catch((err: unknown) => {
      deps.logger.warn(
        { err, worker: 'content-metrics' },
        'writing analytics failed; they wait for the next flush',
      );
    });
  return {
    name: 'content-metrics',
    async start() {
      timer = setInterval(flush, deps.config.POST_VIEWS_FLUSH_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
