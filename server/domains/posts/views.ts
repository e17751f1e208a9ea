import { sql } from 'kysely';
import { appendTo, defineCommand } from '../../core/command';
import type { CommandRunner } from '../../core/command-runner';
import { systemContext } from '../../core/context';
import type { ModuleDeps } from '../../core/module';
import { rows, streamVersionSql } from '../../core/reads';
import type { Db } from '../../db/schema';
import { qb } from '../../db/statement';
import { visibleToViewer } from './posts-read';
import { postViewsStreamId } from './streams';

/** One member's views of one post count once in this long. */
export const VIEW_WINDOW_MS = 30 * 60_000;
/** Past this many remembered (post, member) pairs the oldest are forgotten. */
const REMEMBERED_MAX = 100_000;
/** Posts per command when views are written: each command is one transaction. */
const POSTS_PER_WRITE = 100;

/**
 * Adds counted views to posts: one `PostViewed` per post with its count, on the post's views
 * stream at the version read (two processes writing one post's views meet there and the loser
 * reads again). A post deleted meanwhile is left out.
 */
export const recordPostViews = defineCommand({
  name: 'posts.views',
  load: (input: { views: readonly { postId: string; views: number }[] }) => ({
    posts: rows(
      qb
        .selectFrom('posts as p')
        .select([
          'p.id',
          streamVersionSql(sql`${postViewsStreamId('')} || p.id::text`).as('version'),
        ])
        .where(sql<boolean>`p.id = any(${input.views.map((v) => v.postId)}::uuid[])`),
    ),
  }),
  decide({ posts }, { views }) {
    const counts = new Map(views.map((v) => [v.postId, v.views]));
    return {
      appends: posts.flatMap((post) => {
        const count = counts.get(post.id) ?? 0;
        return count > 0
          ? [
              appendTo(postViewsStreamId(post.id), post.version, [
                { type: 'PostViewed', data: { postId: post.id, views: count } },
              ]),
            ]
          : [];
      }),
    };
  },
});

/**
 * Post views, counted in this process's memory and written every few seconds as one event per
 * post (views would otherwise be most of the log). A member's views of a post count once per
 * `VIEW_WINDOW_MS` in a process; their author's never. What is pending when the process stops
 * is written by the worker's `stop`; what a crash loses is at most one interval's views.
 */
export class PostViewCounter {
  private pending = new Map<string, number>();
  /** When each (post, member) pair was last counted, oldest first. */
  private readonly counted = new Map<string, number>();
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly commands: CommandRunner,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a view by a member who may see the post and is not its author; false if already. */
  record(postId: string, viewerId: string): boolean {
    const key = `${postId}:${viewerId}`;
    const at = this.now();
    const last = this.counted.get(key);
    if (last !== undefined && at - last < VIEW_WINDOW_MS) return false;
    // Deleted and set again, so the map stays in the order pairs were counted.
    this.counted.delete(key);
    this.counted.set(key, at);
    if (this.counted.size > REMEMBERED_MAX) this.counted.delete(this.counted.keys().next().value!);
    this.pending.set(postId, (this.pending.get(postId) ?? 0) + 1);
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
    for (let start = 0; start < taken.length; start += POSTS_PER_WRITE) {
      const chunk = taken.slice(start, start + POSTS_PER_WRITE);
      try {
        await this.commands.run(
          recordPostViews,
          { views: chunk.map(([postId, views]) => ({ postId, views })) },
          systemContext(),
        );
      } catch (error) {
        // Kept for the next flush, with whatever was counted meanwhile.
        for (const [postId, views] of taken.slice(start)) {
          this.pending.set(postId, (this.pending.get(postId) ?? 0) + views);
        }
        throw error;
      }
    }
  }

  private forgetExpired(): void {
    const before = this.now() - VIEW_WINDOW_MS;
    for (const [key, at] of this.counted) {
      if (at > before) break;
      this.counted.delete(key);
    }
  }
}

const counters = new WeakMap<CommandRunner, PostViewCounter>();

/**
 * The process's counter for a composed application: the routes record into it and the worker
 * writes it. Keyed by the command runner, which routes and workers share (the workers' deps are
 * a copy with the sockets added).
 */
export function postViews(deps: Pick<ModuleDeps, 'commands'>): PostViewCounter {
  let counter = counters.get(deps.commands);
  if (!counter) {
    counter = new PostViewCounter(deps.commands);
    counters.set(deps.commands, counter);
  }
  return counter;
}

/** The author of a post `viewerId` may see, if there is one: whether and whose view it is. */
export async function readViewedPost(
  db: Db,
  postId: string,
  viewerId: string,
): Promise<{ author_id: string } | undefined> {
  return db
    .selectFrom('posts as p')
    .select('p.author_id')
    .where('p.id', '=', postId)
    .where(visibleToViewer(viewerId))
    .executeTakeFirst();
}
