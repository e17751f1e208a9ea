import type { Logger } from 'pino';
import type { PostmasterExit } from './embedded-postgres';

/** One running Postgres as the supervisor sees it. */
export interface SupervisedPostgres {
  connectionString: string;
  exited: Promise<PostmasterExit>;
  stop(): Promise<void>;
}

export interface PostgresSupervisorOptions {
  /** Starts Postgres (again): resolves once it accepts connections. */
  start(): Promise<SupervisedPostgres>;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Restarts in a row before giving up; the count starts over once Postgres stays up. */
  maxRestarts: number;
  /** Called once, after the last restart failed or Postgres kept dying. */
  onGiveUp(error: Error): void;
  /** Delay before the n-th restart in a row: `first` doubling up to `max`. */
  backoffMs?: { first: number; max: number };
  /** Up this long, Postgres counts as recovered. */
  stableAfterMs?: number;
  now?: () => number;
}

const describeExit = (exit: PostmasterExit) =>
  exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;

/**
 * Keeps the embedded Postgres running under a live server: when it exits without being asked
 * to, it is started again after a growing delay, a bounded number of times in a row. Meanwhile
 * the pools fail fast and the API answers 503; they reconnect on their own once it is back.
 */
export class PostgresSupervisor {
  private current: SupervisedPostgres | null = null;
  private stopping = false;
  private restarts = 0;
  private upSince = 0;
  private timer: NodeJS.Timeout | null = null;
  private attempt: Promise<void> | null = null;
  private readonly now: () => number;

  constructor(private readonly options: PostgresSupervisorOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The first start: a failure is the caller's (nothing to recover yet). */
  async start(): Promise<string> {
    const postgres = await this.options.start();
    this.watch(postgres);
    return postgres.connectionString;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.attempt;
    await this.current?.stop();
    this.current = null;
  }

  private watch(postgres: SupervisedPostgres): void {
    this.current = postgres;
    this.upSince = this.now();
    void postgres.exited.then((exit) => {
      if (this.stopping || this.current !== postgres) return;
      this.current = null;
      if (this.now() - this.upSince >= (this.options.stableAfterMs ?? 60_000)) this.restarts = 0;
      this.options.logger.error(
        { code: exit.code, signal: exit.signal },
        `the embedded Postgres stopped unexpectedly (${describeExit(exit)})`,
      );
      this.scheduleRestart(
        new Error(`the embedded Postgres kept stopping (${describeExit(exit)})`),
      );
    });
  }

  private scheduleRestart(lastError: Error): void {
    const { maxRestarts, logger } = this.options;
    if (this.restarts >= maxRestarts) {
      logger.error(
        { err: lastError, restarts: this.restarts },
        `giving up on the embedded Postgres after ${this.restarts} restarts`,
      );
      this.options.onGiveUp(lastError);
      return;
    }
    this.restarts += 1;
    const attempt = this.restarts;
    const { first, max } = this.options.backoffMs ?? { first: 500, max: 8000 };
    const delayMs = Math.min(first * 2 ** (attempt - 1), max);
    logger.warn(
      { attempt, maxRestarts, delayMs },
      `restarting the embedded Postgres (attempt ${attempt} of ${maxRestarts})`,
    );
    this.timer = setTimeout(() => {
      this.timer = null;
      this.attempt = this.restart(attempt).finally(() => {
        this.attempt = null;
      });
    }, delayMs);
  }

  private async restart(attempt: number): Promise<void> {
    if (this.stopping) return;
    let postgres: SupervisedPostgres;
    try {
      postgres = await this.options.start();
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      this.options.logger.warn({ err: failure, attempt }, 'the embedded Postgres did not start');
      if (!this.stopping) this.scheduleRestart(failure);
      return;
    }
    if (this.stopping) {
      await postgres.stop();
      return;
    }
    this.watch(postgres);
    this.options.logger.info({ attempt }, 'the embedded Postgres is back');
  }
}
