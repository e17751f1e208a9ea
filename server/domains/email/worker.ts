import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { AfterCommitSender } from '../../db/after-commit';
import { claimAssignments, dueRows, releaseClaim } from '../../db/outbox-claims';
import type { Db } from '../../db/schema';
import { ChannelDrainLoop } from '../../realtime/channel-drain-loop';
import type { BackgroundWorker } from '../../core/worker';
import { afterFailure } from './backoff';
import { EMAIL_WAKE_CHANNEL, publishQueueStatsStatement } from './outbox';
import type { EmailTransport, OutgoingEmail } from './transport';

export interface EmailWorkerOptions {
  db: Db;
  /** For the wake-up listener; without it the worker only polls. */
  connectionString?: string;
  logger: Logger;
  transport: EmailTransport;
  from: string;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  batchSize: number;
  pollMs: number;
  /** A row claimed longer ago than this belongs to a worker presumed dead and is claimed again. */
  claimTimeoutMs: number;
}

interface Claimed {
  id: string;
  recipient: string;
  subject: string;
  html_body: string;
  text_body: string;
  template: string;
  attempts: number;
  priority_rank: number;
  created_at: Date;
}

const ERROR_MAX = 1000;

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text || 'Unknown delivery error').slice(0, ERROR_MAX);
}

/**
 * Drains `email_outbox`. Each claim locks a batch with SKIP LOCKED and marks it `processing`
 * under a claim id of its own, so workers in any number of processes never take the same row;
 * the outcome of each email is written only while that claim still holds it, each change one
 * statement. Woken by the NOTIFY that `queueEmail` sends once the command has committed, with a
 * poll for retries that come due, for lost wake-ups and for a drain that failed.
 */
export class EmailWorker implements BackgroundWorker {
  readonly name = 'email';
  private readonly loop: ChannelDrainLoop;
  private stopped = false;
  private readonly signals: AfterCommitSender;

  constructor(private readonly options: EmailWorkerOptions) {
    this.signals = new AfterCommitSender(options.db, options.logger);
    this.loop = new ChannelDrainLoop({
      channel: EMAIL_WAKE_CHANNEL,
      ...(options.connectionString ? { connectionString: options.connectionString } : {}),
      pass: () => this.drain(),
      logger: options.logger,
      failureMessage: 'email worker failed',
      pollMs: options.pollMs,
    });
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.loop.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop.stop();
    await this.signals.settled();
    await this.options.transport.close();
  }

  /** Claims and delivers until nothing is due; resolves when done (tests call it directly). */
  async drain(): Promise<void> {
    while (!this.stopped) {
      const batch = await this.claim();
      if (batch.length === 0) break;
      for (const email of batch.emails) {
        // Past half the claim timeout another worker may soon take the rest: hand it back.
        const late = Date.now() - batch.claimedAt > this.options.claimTimeoutMs / 2;
        if (this.stopped || late) {
          await this.release(batch.claimId);
          break;
        }
        await this.deliver(batch.claimId, email);
      }
    }
  }

  private async claim(): Promise<{
    claimId: string;
    claimedAt: number;
    emails: Claimed[];
    length: number;
  }> {
    const claimId = randomUUID();
    const claimedAt = Date.now();
    const { batchSize, claimTimeoutMs } = this.options;
    const { rows: emails } = await sql<Claimed>`
        with picked as (${dueRows({
          table: 'email_outbox',
          orderBy: sql`priority_rank, created_at, id`,
          batchSize,
          claimTimeoutMs,
        })})
        update email_outbox o set ${claimAssignments(claimId)}
          from picked
         where o.id = picked.id
        returning o.id, o.recipient, o.subject, o.html_body, o.text_body, o.template,
                  o.attempts, o.priority_rank, o.created_at`.execute(this.options.db);
    if (emails.length > 0) this.publishQueueStats();
    emails.sort(
      (a, b) =>
        a.priority_rank - b.priority_rank ||
        a.created_at.getTime() - b.created_at.getTime() ||
        a.id.localeCompare(b.id),
    );
    return { claimId, claimedAt, emails, length: emails.length };
  }

  /**
   * The queue's counts to the operators once a change committed, outside it (a NOTIFY inside
   * serialises commits): while one push is on its way, the changes of a busy drain share the next.
   */
  private publishQueueStats(): void {
    this.signals.send([publishQueueStatsStatement()]);
  }

  /** Returns the untried rest of a claim to the queue, its attempt uncounted. */
  private async release(claimId: string): Promise<void> {
    const released = await releaseClaim(this.options.db, 'email_outbox', claimId);
    if (released > 0) this.publishQueueStats();
  }

  private async deliver(claimId: string, email: Claimed): Promise<void> {
    const outgoing: OutgoingEmail = {
      id: email.id,
      from: this.options.from,
      to: email.recipient,
      subject: email.subject,
      html: email.html_body,
      text: email.text_body,
      template: email.template,
    };
    let error: string | null = null;
    try {
      await this.options.transport.send(outgoing);
    } catch (cause) {
      error = describe(cause);
    }
    const now = new Date();
    const outcome = error
      ? afterFailure(email.attempts, now, {
          maxAttempts: this.options.maxAttempts,
          baseMs: this.options.retryBaseMs,
          maxMs: this.options.retryMaxMs,
        })
      : ({ status: 'sent' } as const);
    const updated = await this.options.db
      .updateTable('email_outbox')
      .set({
        status: outcome.status,
        last_error: error,
        sent_at: outcome.status === 'sent' ? now : null,
        next_attempt_at: outcome.status === 'pending' ? outcome.nextAttemptAt : now,
        claim_id: null,
        claimed_at: null,
        updated_at: now,
      })
      .where('id', '=', email.id)
      .where('claim_id', '=', claimId)
      .executeTakeFirst();
    // A claim that timed out and was taken over is no longer ours to settle.
    if (updated.numUpdatedRows > 0n) this.publishQueueStats();
    if (error) {
      this.options.logger.warn(
        { emailId: email.id, attempts: email.attempts, outcome: outcome.status, error },
        'email delivery failed',
      );
    }
  }
}
