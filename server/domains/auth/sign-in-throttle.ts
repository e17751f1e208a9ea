import { sql } from 'kysely';
import { SIGN_IN_THROTTLE } from '../../../shared/constants';
import type { Trx } from '../../db/schema';

/**
 * Locks the throttle row of an address for the rest of the transaction, so concurrent attempts
 * for one address are counted one after another. Returns whether the address is locked out.
 */
export async function lockThrottle(trx: Trx, email: string, now: Date): Promise<boolean> {
  await trx
    .insertInto('sign_in_throttle')
    .values({ email, failures: 0, window_started_at: now, locked_until: null })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const row = await trx
    .selectFrom('sign_in_throttle')
    .selectAll()
    .where('email', '=', email)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.locked_until !== null && row.locked_until > now;
}

/** After the fifth failure within the window, the address is refused for the lock period. */
export async function recordFailure(trx: Trx, email: string, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - SIGN_IN_THROTTLE.windowMs);
  await trx
    .updateTable('sign_in_throttle')
    .set({
      failures: sql`case when window_started_at < ${windowStart} then 1 else failures + 1 end`,
      window_started_at: sql`case when window_started_at < ${windowStart} then ${now} else window_started_at end`,
    })
    .where('email', '=', email)
    .execute();
  await trx
    .updateTable('sign_in_throttle')
    .set({
      locked_until: new Date(now.getTime() + SIGN_IN_THROTTLE.lockMs),
      failures: 0,
      window_started_at: now,
    })
    .where('email', '=', email)
    .where('failures', '>=', SIGN_IN_THROTTLE.maxFailures)
    .execute();
}

export async function clearThrottle(trx: Trx, email: string): Promise<void> {
  await trx.deleteFrom('sign_in_throttle').where('email', '=', email).execute();
}
