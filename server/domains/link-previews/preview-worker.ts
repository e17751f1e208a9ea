import { sql } from 'kysely';
import type { LinkPreviewTarget } from '../../../shared/link-previews';
import type { RuntimeDeps } from '../../core/module';
import type { BackgroundWorker } from '../../core/worker';
import { ChannelDrainLoop } from '../../realtime/channel-drain-loop';
import { attachLinkPreview } from './commands';
import { LINK_PREVIEW_WAKE_CHANNEL } from './preview-queue';
import { PreviewService } from './preview-service';

/** Fetches at once per process: each waits on a remote site, not on this machine. */
const BATCH = 4;
const POLL_MS = 30_000;

interface Job {
  target_kind: LinkPreviewTarget;
  target_id: string;
  author_id: string;
  url: string;
}

/**
 * Drains `link_preview_jobs` after the commands that queued them committed. A claim deletes the
 * rows it takes (SKIP LOCKED, so processes never take the same one) in its own short statement,
 * and the fetch runs outside any transaction: a slow site never holds a transaction open. A
 * process that dies mid-fetch loses those previews, which is what a failed fetch does anyway:
 * the post stays as it is. The card is then recorded by `attachLinkPreview`, acting as the author.
 */
export class LinkPreviewWorker implements BackgroundWorker {
  readonly name = 'link-previews';
  private readonly loop: ChannelDrainLoop;
  private readonly previews: PreviewService;
  private stopped = false;

  constructor(private readonly deps: RuntimeDeps) {
    this.previews = new PreviewService(deps, deps.logger);
    this.loop = new ChannelDrainLoop({
      channel: LINK_PREVIEW_WAKE_CHANNEL,
      connectionString: deps.connectionString,
      pass: () => this.drain(),
      logger: deps.logger,
      failureMessage: 'link preview worker failed',
      pollMs: POLL_MS,
    });
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.loop.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop.stop();
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const jobs = await this.claim();
      if (jobs.length === 0) return;
      await Promise.all(jobs.map((job) => this.run(job)));
    }
  }

  private async claim(): Promise<Job[]> {
    const { rows } = await sql<Job>`
      delete from link_preview_jobs
      where (target_kind, target_id) in (
        select target_kind, target_id from link_preview_jobs
        order by queued_at limit ${BATCH} for update skip locked)
      returning target_kind, target_id, author_id, url`.execute(this.deps.db);
    return rows;
  }

  private async run(job: Job): Promise<void> {
    const ctx = { actorId: job.author_id, correlationId: `link-preview-${job.target_id}` };
    try {
      const card = await this.previews.cardFor(job.url, job.author_id, ctx);
      if (!card) return;
      await this.deps.commands.run(
        attachLinkPreview,
        { kind: job.target_kind, targetId: job.target_id, card },
        ctx,
      );
    } catch (error) {
      this.deps.logger.warn({ err: error, url: job.url }, 'link preview failed');
    }
  }
}
