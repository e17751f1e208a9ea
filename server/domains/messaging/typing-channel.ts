import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/schema';

/** Typing signals cross processes on this channel; they are never stored. */
export const TYPING_CHANNEL = 'agora_typing';

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

/** The notice a typing payload carries, or null for anything malformed. */
export function parseTypingNotice(payload: string): TypingNotice | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  const notice = typingNoticeSchema.safeParse(parsed);
  return notice.success ? notice.data : null;
}
