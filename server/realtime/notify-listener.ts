import pg from 'pg';
import type { Logger } from 'pino';

const RECONNECT_MS = { first: 250, max: 5000 };

export interface NotifyListenerOptions {
  connectionString: string;
  channel: string;
  logger: Logger;
  onPayload(payload: string): void;
}

/**
 * A dedicated connection LISTENing on one channel for signals from every process. A lost
 * connection is replaced with growing delays; signals sent meanwhile are lost, so a channel
 * carries only what a snapshot can repair (typing hints, operator pushes).
 */
export class NotifyListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private reconnectDelay = RECONNECT_MS.first;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: NotifyListenerOptions) {}

  get listening(): boolean {
    return this.client !== null;
  }

  async start(): Promise<void> {
    await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const { channel } = this.options;
    const client = new pg.Client({ connectionString: this.options.connectionString });
    client.on('notification', (message) => this.options.onPayload(message.payload ?? ''));
    client.on('error', (error) => this.onLost(client, error));
    client.on('end', () => this.onLost(client, new Error(`${channel} listener connection ended`)));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.reconnectDelay = RECONNECT_MS.first;
  }

  private onLost(client: pg.Client, error: Error): void {
    if (this.stopped || this.client !== client) return;
    this.client = null;
    this.options.logger.warn(
      { err: error, channel: this.options.channel },
      'listener lost its connection',
    );
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.listen().catch((error: unknown) => {
        this.options.logger.warn(
          { err: error, channel: this.options.channel },
          'listener could not reconnect yet',
        );
        this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MS.max);
        this.scheduleReconnect();
      });
    }, this.reconnectDelay);
    this.reconnectTimer.unref();
  }
}
