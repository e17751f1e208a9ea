import type { Logger } from 'pino';
import { pipelineQuery } from './pipeline';
import type { Db } from './schema';
import type { Statement } from './statement';

/**
 * Sends the statements commands mark `afterCommit` (NOTIFYs that wake or tell other sessions),
 * once their transaction has committed, in one round trip of their own. One send is in flight at
 * a time; what commits ask for meanwhile waits for the next, where a statement asked for several
 * times is sent once. Each send starts after the commits that asked for it, so a NOTIFY that
 * reads what it announces (the email queue's counts) reads at least what they wrote, and the
 * last send follows the last commit. A process that dies between its commit and the send loses
 * the signal: its listeners poll for what they may miss (the email workers every
 * `EMAIL_POLL_MS`).
 */
export class AfterCommitSender {
  private pending = new Map<string, Statement>();
  private sending: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  send(statements: readonly Statement[]): void {
    for (const s of statements)
      this.pending.set(`${s.sql}\u0000${JSON.stringify(s.parameters)}`, s);
    this.start();
  }

  private start(): void {
    if (this.sending) return;
    this.sending = this.drain().finally(() => {
      this.sending = null;
      // Asked for between the last send's answer and now.
      if (this.pending.size > 0) this.start();
    });
  }

  /** Resolves once nothing is waiting to be sent (a closing server waits for it). */
  async settled(): Promise<void> {
    while (this.sending) await this.sending;
  }

  private async drain(): Promise<void> {
    while (this.pending.size > 0) {
      const batch = [...this.pending.values()].map(({ sql, parameters }) => ({ sql, parameters }));
      this.pending = new Map();
      try {
        await this.db.executeQuery(pipelineQuery(batch));
      } catch (err) {
        this.logger.warn({ err }, 'a signal after commit could not be sent');
      }
    }
  }
}
