import { DrainLoop, type DrainLoopOptions } from './drain-loop';
import { ListenConnection } from './listen-connection';

export interface ChannelDrainLoopOptions extends DrainLoopOptions {
  /** The Postgres channel whose notifications wake the loop. */
  channel: string;
  /** For the listener; without it the loop only polls. */
  connectionString?: string;
}

/**
 * A drain loop woken by a Postgres channel (the workers' queues: emails, link previews): on each
 * notification, after the listener reconnects (what was notified while it was down went
 * unheard), and once at start (what was queued while no worker ran is due now).
 */
export class ChannelDrainLoop {
  private listener: ListenConnection | null = null;
  private readonly loop: DrainLoop;

  constructor(private readonly options: ChannelDrainLoopOptions) {
    this.loop = new DrainLoop(options);
  }

  async start(): Promise<void> {
    if (this.options.connectionString) {
      this.listener = new ListenConnection({
        connectionString: this.options.connectionString,
        channels: [this.options.channel],
        logger: this.options.logger,
        onNotification: () => this.loop.wake(),
        onReconnected: () => this.loop.wake(),
      });
      await this.listener.start();
    }
    this.loop.start();
    this.loop.wake();
  }

  /** Stops listening, then waits for the pass in flight; none starts after. */
  async stop(): Promise<void> {
    await this.listener?.stop();
    this.listener = null;
    await this.loop.stop();
  }
}
