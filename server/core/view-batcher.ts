import type { CommandRunner } from './command-runner';
import type { ModuleDeps, RuntimeDeps } from './module';
import type { BackgroundWorker } from './worker';

/** Past this many remembered (subject, viewer) pairs the oldest are forgotten. */
const REMEMBERED_MAX = 100_000;
/** Subjects per write: each write is one command, so one transaction. */
const SUBJECTS_PER_WRITE = 100;

/** One subject's views counted since the last write. */
export interface ViewCount {
  id: string;
  count: number;
}

export interface ViewBatcherOptions {
  /** One viewer's views of one subject count once in this long. */
  windowMs: number;
  /** Records one batch of counts as one command; a refusal keeps the batch for the next flush. */
  write: (counts: readonly ViewCount[]) => Promise<unknown>;
  now?: () => number;
}

/**
 * Views of something (posts, profiles), counted in this process's memory and written every few
 * seconds as one event per subject (views would otherwise be most of the log). A viewer counts
 * once per subject in the window in a process; whose views never count is the caller's rule.
 * What is pending when the process stops is written by the worker's `stop`; what a crash loses
 * is at most one interval's views.
 */
export class ViewBatcher {
  private pending = new Map<string, number>();
  /** When each (subject, viewer) pair was last counted, oldest first. */
  private readonly counted = new Map<string, number>();
  private writing: Promise<void> = Promise.resolve();
  private readonly now: () => number;

  constructor(private readonly options: ViewBatcherOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Counts a view; false when this viewer was already counted within the window. */
  record(subjectId: string, viewerId: string): boolean {
    const key = `${subjectId}:${viewerId}`;
    const at = this.now();
    const last = this.counted.get(key);
    if (last !== undefined && at - last < this.options.windowMs) return false;
    // Deleted and set again, so the map stays in the order pairs were counted.
    this.counted.delete(key);
    this.counted.set(key, at);
    if (this.counted.size > REMEMBERED_MAX) this.counted.delete(this.counted.keys().next().value!);
    this.pending.set(subjectId, (this.pending.get(subjectId) ?? 0) + 1);
    return true;
  }

  /** Writes the pending counts; one write at a time, so a slow database never stacks them. */
  flush(): Promise<void> {
    const run = this.writing.then(() => this.write());
    this.writing = run.catch(() => undefined);
    return run;
  }

  private async write(): Promise<void> {
    this.forgetExpired();
    const taken = [...this.pending];
    this.pending = new Map();
    for (let start = 0; start < taken.length; start += SUBJECTS_PER_WRITE) {
      const chunk = taken.slice(start, start + SUBJECTS_PER_WRITE);
      try {
        await this.options.write(chunk.map(([id, count]) => ({ id, count })));
      } catch (error) {
        // Kept for the next flush, with whatever was counted meanwhile.
        for (const [id, count] of taken.slice(start)) {
          this.pending.set(id, (this.pending.get(id) ?? 0) + count);
        }
        throw error;
      }
    }
  }

  private forgetExpired(): void {
    const before = this.now() - this.options.windowMs;
    for (const [key, at] of this.counted) {
      if (at > before) break;
      this.counted.delete(key);
    }
  }
}

/**
 * The process's batcher of one kind for a composed application: the routes record into it and
 * the worker writes it. Keyed by the command runner, which routes and workers share (the
 * workers' deps are a copy with the sockets added).
 */
export function processViewBatcher(
  create: (commands: CommandRunner) => ViewBatcher,
): (deps: Pick<ModuleDeps, 'commands'>) => ViewBatcher {
  const batchers = new WeakMap<CommandRunner, ViewBatcher>();
  return (deps) => {
    let batcher = batchers.get(deps.commands);
    if (!batcher) {
      batcher = create(deps.commands);
      batchers.set(deps.commands, batcher);
    }
    return batcher;
  };
}

/** Writes what `batcher` counted every `POST_VIEWS_FLUSH_MS`, and once more at stop. */
export function createViewBatcherWorker(
  deps: RuntimeDeps,
  name: string,
  batcher: ViewBatcher,
): BackgroundWorker {
  let timer: NodeJS.Timeout | undefined;
  const flush = () =>
    batcher.flush().catch((err: unknown) => {
      deps.logger.warn({ err, worker: name }, 'writing views failed; they wait for the next flush');
    });
  return {
    name,
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
