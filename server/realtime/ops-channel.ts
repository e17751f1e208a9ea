import { sql } from 'kysely';
import type { Server } from 'socket.io';
import { z } from 'zod';
import { OPS_EVENTS, type OpsEvent } from '../../shared/ops/realtime';
import type { Db, Trx } from '../db/schema';
import { ListenConnection } from './listen-connection';
import { OPS_ROOM } from './pusher';
import type { ListenDeps, SocketFeature } from './socket-feature';

/** Operator pushes cross processes on this channel; each process emits them to its own sockets. */
export const OPS_CHANNEL = 'agora_ops';

/** Postgres refuses NOTIFY payloads of 8000 bytes or more. */
export const OPS_PAYLOAD_LIMIT = 7900;

const noticeSchema = z.object({
  event: z.enum(Object.values(OPS_EVENTS) as [OpsEvent, ...OpsEvent[]]),
  payload: z.unknown(),
});

export class OpsPayloadTooLargeError extends Error {
  constructor(event: OpsEvent, bytes: number) {
    super(`ops push ${event} is ${bytes} bytes, over the ${OPS_PAYLOAD_LIMIT}-byte NOTIFY limit`);
    this.name = 'OpsPayloadTooLargeError';
  }
}

/**
 * Pushes a whole current state to every operator on every process. Given a transaction, Postgres
 * delivers it only when that transaction commits, so a rolled-back change is never shown.
 */
export async function publishOps(executor: Db | Trx, event: OpsEvent, payload: unknown) {
  const text = JSON.stringify({ event, payload });
  const bytes = Buffer.byteLength(text);
  if (bytes > OPS_PAYLOAD_LIMIT) throw new OpsPayloadTooLargeError(event, bytes);
  await sql`select pg_notify(${OPS_CHANNEL}, ${text})`.execute(executor);
}

export function parseOpsNotice(raw: string): z.infer<typeof noticeSchema> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const notice = noticeSchema.safeParse(parsed);
  return notice.success ? notice.data : null;
}

/** Relays every ops notice to this process's sockets in the `ops` room. */
export function createOpsFeature(deps: ListenDeps): SocketFeature {
  let listener: ListenConnection | null = null;
  return {
    name: 'ops',
    async start(io: Server) {
      listener = new ListenConnection({
        connectionString: deps.connectionString,
        channels: [OPS_CHANNEL],
        logger: deps.logger,
        onNotification: (raw) => {
          const notice = parseOpsNotice(raw);
          if (notice) io.local.to(OPS_ROOM).emit(notice.event, notice.payload);
        },
      });
      await listener.start();
    },
    attach() {},
    async stop() {
      await listener?.stop();
    },
  };
}
