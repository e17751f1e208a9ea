import { sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Db } from '../../db/schema';

/** Typing signals cross processes on this channel; they are never stored. */
export const TYPING_CHANNEL = 'agora_typing';

const RECONNECT_MS = { first: 250, max: 5000 };

const typingNoticeSchema = z.object({
  conversationId: z.uuid(),
  userId: z.uuid(),
  toUserId: z.uuid(),
});
export type TypingNotice = z.infer<typeof typingNoticeSchema>;

/** Sends the signal to every process, unless either member blocked the other. */
export async function publishTyping(db: Db, notice: TypingNotice): Promise<void> {
  const { userId, toUserId } = notice;
  await sql`
    select pg_notify(${TYPING_CHANNEL}, ${JSON.stringify(notice)})
    where not exists (
      select 1 from blocks
      where (user_id = ${userId} and blocked_user_id = ${toUserId})
         or (user_id = ${toUserId} and blocked_user_id = ${userId}))`.execute(db);
}

export interface TypingListenerOptions {
  connectionString: string;
  logger: Logger;
  onNotice(notice: TypingNotice): void;
}

/**
 * A dedicated connection LISTENing for typing signals from every process. A lost connection is
 * replaced with growing delays; signals sent meanwhile are lost, which a typing hint can afford.
 */
export class TypingListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private reconnectDelay = RECONNECT_MS.first;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: TypingListenerOptions) {}

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
    const client = new pg.Client({ connectionString: this.options.connectionString });
    client.on('notification', (message) => this.receive(message.payload));
    client.on('error', (error) => this.onLost(client, error));
    client.on('end', () => this.onLost(client, new Error('typing listener connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${TYPING_CHANNEL}`);
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

  private receive(payload: string | undefined): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload ?? '');
    } catch {
      return;
    }
    const notice = typingNoticeSchema.safeParse(parsed);
    if (notice.success) this.options.onNotice(notice.data);
  }

  private onLost(client: pg.Client, error: Error): void {
    if (this.stopped || this.client !== client) return;
    this.client = null;
    this.options.logger.warn({ err: error }, 'typing listener lost its connection');
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.listen().catch((error: unknown) => {
        this.options.logger.warn({ err: error }, 'typing listener could not reconnect yet');
        this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MS.max);
        this.scheduleReconnect();
      });
    }, this.reconnectDelay);
    this.reconnectTimer.unref();
  }
}
