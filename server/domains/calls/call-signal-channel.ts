import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { signalSchema } from '../../../shared/calls';
import type { Db } from '../../db/schema';

/** Call signals cross processes on this channel; they are relayed, never stored. */
export const CALL_SIGNAL_CHANNEL = 'agora_call_signals';

/**
 * A NOTIFY payload holds under 8000 bytes and a video offer's SDP can come near that once
 * escaped twice, so a notice goes in parts of at most this many characters of its JSON.
 */
const SIGNAL_PART_CHARS = 3000;

/** Parts of a notice still missing after this long are dropped. */
const PARTS_KEPT_MS = 10_000;

const noticeSchema = z.object({
  callId: z.uuid(),
  fromUserId: z.uuid(),
  toUserId: z.uuid(),
  signal: signalSchema,
});
export type SignalNotice = z.infer<typeof noticeSchema>;

const partSchema = z.object({
  key: z.string().max(64),
  index: z.number().int().min(0),
  count: z.number().int().min(1).max(64),
  text: z.string(),
});
type Part = z.infer<typeof partSchema>;

/** The NOTIFY payloads that carry a notice, in order. */
export function signalParts(notice: SignalNotice, key: string = randomUUID()): string[] {
  const json = JSON.stringify(notice);
  const count = Math.max(1, Math.ceil(json.length / SIGNAL_PART_CHARS));
  return Array.from({ length: count }, (_, index) =>
    JSON.stringify({
      key,
      index,
      count,
      text: json.slice(index * SIGNAL_PART_CHARS, (index + 1) * SIGNAL_PART_CHARS),
    } satisfies Part),
  );
}

/** Sends a signal to every process, in parts delivered together at the statement's commit. */
export async function publishSignal(db: Db, notice: SignalNotice): Promise<void> {
  await sql`select pg_notify(${CALL_SIGNAL_CHANNEL}, part)
    from unnest(${signalParts(notice)}::text[]) as part`.execute(db);
}

/**
 * Puts notices back together from their parts, in whatever order the parts come; anything
 * malformed is dropped, and so are parts whose siblings never arrive.
 */
export class SignalAssembler {
  private readonly pending = new Map<string, { parts: string[]; got: number; since: number }>();

  accept(payload: string, now = Date.now()): SignalNotice | null {
    this.forgetOlderThan(now - PARTS_KEPT_MS);
    const part = partSchema.safeParse(parseJson(payload));
    if (!part.success || part.data.index >= part.data.count) return null;
    const { key, index, count, text } = part.data;
    if (count === 1) return parseNotice(text);
    const held = this.pending.get(key) ?? { parts: new Array<string>(count), got: 0, since: now };
    if (held.parts.length !== count || held.parts[index] !== undefined) return null;
    held.parts[index] = text;
    held.got += 1;
    if (held.got < count) {
      this.pending.set(key, held);
      return null;
    }
    this.pending.delete(key);
    return parseNotice(held.parts.join(''));
  }

  private forgetOlderThan(cutoff: number) {
    for (const [key, held] of this.pending) {
      if (held.since < cutoff) this.pending.delete(key);
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function parseNotice(text: string): SignalNotice | null {
  const notice = noticeSchema.safeParse(parseJson(text));
  return notice.success ? notice.data : null;
}
