import { sql } from 'kysely';
import { SIGN_IN_THROTTLE } from '../../../shared/constants';
import { first, type Read } from '../../core/reads';
import { qb, statement, type Statement } from '../../db/statement';

/**
 * The statements that lock an address's throttle row for the rest of the transaction, so
 * concurrent attempts for one address are judged one after another (the sign-in command runs
 * serialised on them).
 */
export function lockThrottle(email: string, now: Date): Statement[] {
  return [
    statement(
      qb
        .insertInto('sign_in_throttle')
        .values({ email, failures: 0, window_started_at: now, locked_until: null })
        .onConflict((oc) => oc.column('email').doNothing()),
    ),
    statement(
      qb.selectFrom('sign_in_throttle').select('email').where('email', '=', email).forUpdate(),
    ),
  ];
}

export function throttleRead(email: string): Read<{ locked_until: Date | null } | undefined> {
  return first(qb.selectFrom('sign_in_throttle').select('locked_until').where('email', '=', email));
}

export const isLockedOut = (row: { locked_until: Date | null } | undefined, now: Date) =>
  row?.locked_until != null && row.locked_until > now;

/** After the fifth failure within the window, the address is refused for the lock period. */
export function recordFailure(email: string, now: Date): Statement[] {
  const windowStart = new Date(now.getTime() - SIGN_IN_THROTTLE.windowMs);
  return [
    statement(
      qb
        .updateTable('sign_in_throttle')
        .set({
          failures: sql`case when window_started_at < ${windowStart} then 1 else failures + 1 end`,
          window_started_at: sql`case when window_started_at < ${windowStart} then ${now}::timestamptz else window_started_at end`,
        })
        .where('email', '=', email),
    ),
    statement(
      qb
        .updateTable('sign_in_throttle')
        .set({
          locked_until: new Date(now.getTime() + SIGN_IN_THROTTLE.lockMs),
          failures: 0,
          window_started_at: now,
        })
        .where('email', '=', email)
        .where('failures', '>=', SIGN_IN_THROTTLE.maxFailures),
    ),
  ];
}

export function clearThrottle(email: string): Statement {
  return statement(qb.deleteFrom('sign_in_throttle').where('email', '=', email));
}
