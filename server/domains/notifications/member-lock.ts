import { sql } from 'kysely';
import type { Trx } from '../../db/schema';

/**
 * Serialises everything that changes one member's notifications: the projection's "find the
 * unread group or insert" and the member's own commands, so two requests arriving at once merge
 * into one notification and read commands never race each other for the stream version.
 */
export async function lockMemberNotifications(trx: Trx, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`notifications:${userId}`}, 0))`.execute(
    trx,
  );
}
