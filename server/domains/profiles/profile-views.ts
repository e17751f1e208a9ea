import { PROFILE_VIEW_WINDOW_MS } from '../../../shared/profiles';
import type { CommandRunner } from '../../core/command-runner';
import { systemContext } from '../../core/context';
import type { ModuleDeps, RuntimeDeps } from '../../core/module';
import type { BackgroundWorker } from '../../core/worker';
import { recordProfileViews } from './commands';

/** Past this many remembered (member, viewer) pairs the oldest are forgotten. */
const REMEMBERED_MAX = 100_000;
/** Members per command when views are written: each command is one transaction. */
const MEMBERS_PER_WRITE = 100;

/**
 * Profile views, counted in this process's memory and written every few seconds as one event per
 * member, as post views are (`posts/views.ts`): a viewer counts once per member in
 * `PROFILE_VIEW_WINDOW_MS` in a process; the member's own views never reach it.
 */
export class ProfileViewCounter {
  private pending = new Map<string, number>();
  /** When each (member, viewer) pair was last counted, oldest first. */
  private readonly counted = new Map<string, number>();
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly commands: CommandRunner,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a view; false when this viewer was already counted within the window. */
  record(userId: string, viewerId: string): boolean {
    const key = `${userId}:${viewerId}`;
    const at = this.now();
    const last = this.counted.get(key);
    if (last !== undefined && at - last < PROFILE_VIEW_WINDOW_MS) return false;
    // Deleted and set again, so the map stays in the order pairs were counted.
    this.counted.delete(key);
    this.counted.set(key, at);
    if (this.counted.size > REMEMBERED_MAX) this.counted.delete(this.counted.keys().next().value!);
    this.pending.set(userId, (this.pending.get(userId) ?? 0) + 1);
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
    for (let start = 0; start < taken.length; start += MEMBERS_PER_WRITE) {
      const chunk = taken.slice(start, start + MEMBERS_PER_WRITE);
      try {
        await this.commands.run(
          recordProfileViews,
          { views: chunk.map(([userId, count]) => ({ userId, count })) },
          systemContext(),
        );
      } catch (error) {
        // Kept for the next flush, with whatever was counted meanwhile.
        for (const [userId, count] of taken.slice(start)) {
          this.pending.set(userId, (this.pending.get(userId) ?? 0) + count);
        }
        throw error;
      }
    }
  }

  private forgetExpired(): void {
    const before = this.now() - PROFILE_VIEW_WINDOW_MS;
    for (const [key, at] of this.counted) {
      if (at > before) break;
      this.counted.delete(key);
    }
  }
}

const counters = new WeakMap<CommandRunner, ProfileViewCounter>();

/** The process's counter: the route records into it and the worker writes it. */
export function profileViews(deps: Pick<ModuleDeps, 'commands'>): ProfileViewCounter {
  let counter = counters.get(deps.commands);
  if (!counter) {
    counter = new ProfileViewCounter(deps.commands);
    counters.set(deps.commands, counter);
  }
  return counter;
}

/** Writes the counted profile views every `POST_VIEWS_FLUSH_MS`, and once more at stop. */
export function createProfileViewsWorker(deps: RuntimeDeps): BackgroundWorker {
  const counter = profileViews(deps);
  let timer: NodeJS.Timeout | undefined;
  const flush = () =>
    counter.flush().catch((err: unknown) => {
      deps.logger.warn({ err }, 'writing profile views failed; they wait for the next flush');
    });
  return {
    name: 'profile-views',
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
