import pg from 'pg';
import type { Logger } from 'pino';

const RECONNECT_MS = { first: 250, max: 5000 };

/** What a listen connection needs of a pg client (a `pg.Client`; a fake in unit tests). */
export interface ListenClient {
  connect(): Promise<unknown>;
  query(text: string, values?: unknown[]): Promise<unknown>;
  end(): Promise<unknown>;
  on(event: 'notification', listener: (message: pg.Notification) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
}

export interface ListenConnectionOptions {
  connectionString: string;
  channels: readonly string[];
  logger: Logger;
  onNotification(payload: string, channel: string): void;
  /**
   * Called once a lost connection listens again. Notifications sent while it was down are lost
   * for good, so a listener that must not miss work looks for it here.
   */
  onReconnected?(): void;
  /** Names the connection in `pg_stat_activity`, so that peers can count each other. */
  applicationName?: string;
  /** Builds the connection; tests pass a fake. */
  createClient?(connectionString: string): ListenClient;
}

/**
 * A dedicated connection LISTENing on some channels for signals from every process. A lost
 * connection is replaced with growing delays; signals sent meanwhile are lost, so a channel
 * carries only what can be repaired otherwise (a snapshot, a poll, `onReconnected`).
 */
export class ListenConnection {
  private client: ListenClient | null = null;
  private stopped = false;
  private reconnectDelay = RECONNECT_MS.first;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private connecting: Promise<void> | null = null;

  constructor(private readonly options: ListenConnectionOptions) {}

  get listening(): boolean {
    return this.client !== null;
  }

  /** Connects and listens; rejects if the first attempt fails (later losses reconnect). */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    // An attempt in flight sees `stopped` and ends its own connection.
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /**
   * Sends a notification on this connection. Outside a transaction NOTIFY holds the global
   * notify lock only for its own tiny commit, never for a command's.
   */
  async notify(channel: string, payload: string): Promise<void> {
    const client = this.client;
    if (!client) throw new Error(`cannot notify ${channel}: the listen connection is down`);
    await client.query('select pg_notify($1, $2)', [channel, payload]);
  }

  /** How many other connections to this database carry our application name right now. */
  async countPeers(): Promise<number> {
    const client = this.client;
    const name = this.options.applicationName;
    if (!client || !name) throw new Error('cannot count peers: no named listen connection');
    const result = (await client.query(
      `select count(*)::int as peers from pg_stat_activity
       where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
      [name],
    )) as { rows: { peers: number }[] };
    return result.rows[0]?.peers ?? 0;
  }

  private async connect(): Promise<void> {
    this.connecting = this.listen();
    try {
      await this.connecting;
    } finally {
      this.connecting = null;
    }
  }

  private async listen(): Promise<void> {
    const { connectionString, channels } = this.options;
    const client = this.options.createClient
      ? this.options.createClient(connectionString)
      : new pg.Client({
          connectionString,
          ...(this.options.applicationName
            ? { application_name: this.options.applicationName }
            : {}),
        });
    client.on('notification', (message) =>
      this.options.onNotification(message.payload ?? '', message.channel),
    );
    client.on('error', (error) => this.onLost(client, error));
    client.on('end', () => this.onLost(client, new Error('listen connection ended')));
    try {
      await client.connect();
      // Quoted, so the channel matches `pg_notify`'s exact (case-sensitive) name.
      await client.query(
        channels.map((channel) => `LISTEN ${pg.escapeIdentifier(channel)}`).join('; '),
      );
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

  private onLost(client: ListenClient, error: Error): void {
    if (this.stopped || this.client !== client) return;
    this.client = null;
    this.options.logger.warn(
      { err: error, channels: this.options.channels },
      'listen connection lost',
    );
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().then(
        () => {
          if (!this.client) return;
          this.options.logger.info({ channels: this.options.channels }, 'listen connection back');
          this.options.onReconnected?.();
        },
        (error: unknown) => {
          this.options.logger.warn(
            { err: error, channels: this.options.channels },
            'listen connection could not reconnect yet',
          );
          this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MS.max);
          this.scheduleReconnect();
        },
      );
    }, this.reconnectDelay);
    this.reconnectTimer.unref();
  }
}
