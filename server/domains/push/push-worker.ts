import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { systemContext } from '../../core/context';
import type { CommandRunner } from '../../core/command-runner';
import type { BackgroundWorker } from '../../core/worker';
import { claimAssignments, dueRows, releaseClaim } from '../../db/outbox-claims';
import type { Db } from '../../db/schema';
import { ChannelDrainLoop } from '../../realtime/channel-drain-loop';
import { afterFailure } from '../email/backoff';
import { unsubscribePush } from './commands';
import { PUSH_WAKE_CHANNEL } from './push-queue';
import type { PushOutcome, PushTransport } from './push-transport';

export interface PushWorkerOptions {
  db: Db;
  /** For the wake-up listener; without it the worker only polls. */
  connectionString?: string;
  logger: Logger;
  commands: CommandRunner;
  transport: PushTransport;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
}

const BATCH_SIZE = 50;
const POLL_MS = 1000;
/** A claim older than this belongs to a worker presumed dead; a push times out after 10 s. */
const CLAIM_TIMEOUT_MS = 120_000;
/** Delivered and failed pushes are kept this long: relays queuing late find them and skip. */
const KEEP_SETTLED = '1 day';
const ERROR_MAX = 1000;

interface Claimed {
  id: string;
  subscription_id: string;
  attempts: number;
  title: string;
  body: string;
  url: string;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  user_id: string | null;
}

/**
 * Drains `push_outbox` as the email worker drains its outbox: a batch claimed with SKIP LOCKED
 * under a claim id of its own, each outcome written only while that claim holds the row,
 * retries after a doubling delay up to `maxAttempts`. A push service answering 404 or 410 ends
 * the subscription (`push.unsubscribe`, reason `expired`), which takes its waiting pushes along.
 */
export class PushWorker implements BackgroundWorker {
  readonly name = 'web-push';
  private readonly loop: ChannelDrainLoop;
  private stopped = false;

  constructor(private readonly options: PushWorkerOptions) {
    this.loop = new ChannelDrainLoop({
      channel: PUSH_WAKE_CHANNEL,
      ...(options.connectionString ? { connectionString: options.connectionString } : {}),
      pass: () => this.drain(),
      logger: options.logger,
      failureMessage: 'push worker failed',
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

  /** Claims and delivers until nothing is due; resolves when done (tests call it directly). */
  async drain(): Promise<void> {
    let delivered = false;
    while (!this.stopped) {
      await this.dropSuperseded();
      const claimId = randomUUID();
      const batch = await this.claim(claimId);
      if (batch.length === 0) break;
      delivered = true;
      for (const push of batch) {
        if (this.stopped) break;
        await this.deliver(claimId, push);
      }
      // What a stop left untried goes back to the queue, its attempt uncounted.
      await this.release(claimId);
    }
    if (delivered) await this.purgeSettled();
  }

  /**
   * A waiting push of a notification that a newer event regrouped ("Ana and 2 others ...") goes:
   * the newer one says it all, as the in-app list shows it.
   */
  private async dropSuperseded(): Promise<void> {
    await sql`delete from push_outbox o where o.status = 'pending'
      and exists (select 1 from push_outbox n
        where n.subscription_id = o.subscription_id and n.notification_id = o.notification_id
          and n.event_position > o.event_position)`.execute(this.options.db);
  }

  private async claim(claimId: string): Promise<Claimed[]> {
    const { rows } = await sql<Claimed>`
      with picked as (${dueRows({
        table: 'push_outbox',
        orderBy: sql`next_attempt_at, id`,
        batchSize: BATCH_SIZE,
        claimTimeoutMs: CLAIM_TIMEOUT_MS,
      })}), claimed as (
        update push_outbox o set ${claimAssignments(claimId)}
          from picked
         where o.id = picked.id
        returning o.id, o.subscription_id, o.attempts, o.title, o.body, o.url
      )
      select c.*, e.endpoint, e.p256dh, e.auth, e.user_id
      from claimed c left join push_endpoints e on e.subscription_id = c.subscription_id
      order by c.id`.execute(this.options.db);
    return rows;
  }

  private async release(claimId: string): Promise<void> {
    await releaseClaim(this.options.db, 'push_outbox', claimId);
  }

  private async deliver(claimId: string, push: Claimed): Promise<void> {
    if (!push.endpoint || !push.p256dh || !push.auth || !push.user_id) {
      // Its subscription ended after the push was queued: there is no one to tell.
      await this.options.db.deleteFrom('push_outbox').where('id', '=', push.id).execute();
      return;
    }
    let outcome: PushOutcome;
    try {
      outcome = await this.options.transport.send({
        endpoint: push.endpoint,
        p256dh: push.p256dh,
        auth: push.auth,
        payload: JSON.stringify({ title: push.title, body: push.body, url: push.url }),
      });
    } catch (cause) {
      // The payload could not be encrypted to these keys: a retry would fail alike.
      outcome = {
        status: 'refused',
        error: cause instanceof Error ? cause.message : String(cause),
      };
    }
    if (outcome.status === 'gone') {
      try {
        await this.options.commands.run(
          unsubscribePush,
          { userId: push.user_id, subscriptionId: push.subscription_id, reason: 'expired' },
          systemContext(),
        );
        this.options.logger.info(
          { subscriptionId: push.subscription_id },
          'push subscription expired',
        );
        return;
      } catch (cause) {
        outcome = {
          status: 'retry',
          error: cause instanceof Error ? cause.message : String(cause),
        };
      }
    }
    await this.settle(claimId, push, outcome);
  }

  private async settle(claimId: string, push: Claimed, outcome: PushOutcome): Promise<void> {
    const now = new Date();
    const error = outcome.status === 'sent' ? null : outcome.error.slice(0, ERROR_MAX);
    const next =
      outcome.status === 'retry'
        ? afterFailure(push.attempts, now, {
            maxAttempts: this.options.maxAttempts,
            baseMs: this.options.retryBaseMs,
            maxMs: this.options.retryMaxMs,
          })
        : outcome.status === 'sent'
          ? ({ status: 'sent' } as const)
          : ({ status: 'failed' } as const);
    await this.options.db
      .updateTable('push_outbox')
      .set({
        status: next.status,
        last_error: error,
        next_attempt_at: next.status === 'pending' ? next.nextAttemptAt : now,
        claim_id: null,
        claimed_at: null,
        updated_at: now,
      })
      .where('id', '=', push.id)
      .where('claim_id', '=', claimId)
      .execute();
    if (outcome.status === 'sent') {
      await this.options.db
        .updateTable('push_endpoints')
        .set({ last_used_at: now })
        .where('subscription_id', '=', push.subscription_id)
        .execute();
    } else {
      this.options.logger.warn(
        { pushId: push.id, attempts: push.attempts, outcome: next.status, error },
        'push delivery failed',
      );
    }
  }

  private async purgeSettled(): Promise<void> {
    await sql`delete from push_outbox where status in ('sent', 'failed')
      and updated_at < now() - ${KEEP_SETTLED}::interval`.execute(this.options.db);
  }
}
