import { sql } from 'kysely';
import { SIGN_IN_THROTTLE } from '../../../shared/constants';
import { lock } from '../../core/guards';
import type { Read } from '../../core/reads';
import type { Db } from '../../db/schema';
import { qb, statement, type Statement } from '../../db/statement';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The slower ceiling on an address, whatever the client: a stranger rotating through addresses
 * still gets no more than this many guesses a day.
 */
export const SIGN_IN_ADDRESS_CEILING = { maxFailures: 50, windowMs: DAY_MS } as const;

/** A client the member signed in from within this time is theirs: the ceiling lets it through. */
export const OWN_CLIENT_MS = 30 * DAY_MS;

/**
 * What an attempt's decision reads: the lock of this address for this client (the spec's five
 * failures in 15 minutes), when the member last signed in from this client, and the address's
 * failures against the ceiling. A field left out means nothing was recorded.
 */
export interface SignInThrottle {
  locked_until: Date | null;
  signed_in_at?: Date | null;
  address_failures?: number | null;
  address_window_started_at?: Date | null;
}

/**
 * Attempts for one address from one client run one after another (the sign-in command is
 * serialised on this lock), so the count that locks the pair cannot be raced past. Attempts from
 * other clients run beside them: the owner never waits behind a stranger's guesses. The ceiling
 * is counted by atomic increments, so concurrent clients may overshoot it by the attempts they
 * have in flight, never undercount it.
 */
export function lockAttempts(email: string, client: string): Statement[] {
  return [lock(`sign-in ${email} ${client}`)];
}

export function throttleRead(email: string, client: string): Read<SignInThrottle | undefined> {
  return {
    statement: statement(sql`
      select p.locked_until, p.signed_in_at,
        a.failures as address_failures, a.window_started_at as address_window_started_at
      from (select 1) as attempt
      left join sign_in_throttle p on p.email = ${email} and p.client = ${client}
      left join sign_in_address_throttle a on a.email = ${email}`),
    pick: (found) => found[0] as SignInThrottle | undefined,
  };
}

/** Until when the address's ceiling refuses this client: never a client that is the member's. */
function ceilingUntil(throttle: SignInThrottle, now: Date): Date | null {
  const started = throttle.address_window_started_at;
  if (!started || (throttle.address_failures ?? 0) < SIGN_IN_ADDRESS_CEILING.maxFailures) {
    return null;
  }
  const ends = new Date(started.getTime() + SIGN_IN_ADDRESS_CEILING.windowMs);
  if (ends <= now) return null;
  const signedIn = throttle.signed_in_at;
  const own = signedIn != null && now.getTime() - signedIn.getTime() < OWN_CLIENT_MS;
  return own ? null : ends;
}

/** Until when this attempt is refused without looking at the password; null when it is not. */
export function lockedUntil(throttle: SignInThrottle | undefined, now: Date): Date | null {
  if (!throttle) return null;
  const pair = throttle.locked_until != null && throttle.locked_until > now;
  const ceiling = ceilingUntil(throttle, now);
  if (!pair) return ceiling;
  return ceiling && ceiling > throttle.locked_until! ? ceiling : throttle.locked_until;
}

/**
 * A failure, counted for the pair and for the address, one statement each. The fifth failure of
 * the pair within the window locks it for the lock period and starts counting afresh.
 */
export function recordFailure(email: string, client: string, now: Date): Statement[] {
  const pairWindowStart = new Date(now.getTime() - SIGN_IN_THROTTLE.windowMs);
  const expired = sql<boolean>`sign_in_throttle.window_started_at < ${pairWindowStart}`;
  const counted = sql<number>`case when ${expired} then 1 else sign_in_throttle.failures + 1 end`;
  const locks = sql<boolean>`${counted} >= ${SIGN_IN_THROTTLE.maxFailures}`;
  const addressWindowStart = new Date(now.getTime() - SIGN_IN_ADDRESS_CEILING.windowMs);
  const addressExpired = sql<boolean>`sign_in_address_throttle.window_started_at <= ${addressWindowStart}`;
  return [
    statement(
      qb
        .insertInto('sign_in_throttle')
        .values({
          email,
          client,
          failures: 1,
          window_started_at: now,
          locked_until: null,
          signed_in_at: null,
        })
        .onConflict((oc) =>
          oc.columns(['email', 'client']).doUpdateSet({
            failures: sql`case when ${locks} then 0 else ${counted} end`,
            window_started_at: sql`case when ${expired} or ${locks} then ${now}::timestamptz
              else sign_in_throttle.window_started_at end`,
            locked_until: sql`case when ${locks}
              then ${new Date(now.getTime() + SIGN_IN_THROTTLE.lockMs)}::timestamptz
              else sign_in_throttle.locked_until end`,
          }),
        ),
    ),
    statement(
      qb
        .insertInto('sign_in_address_throttle')
        .values({ email, failures: 1, window_started_at: now })
        .onConflict((oc) =>
          oc.column('email').doUpdateSet({
            failures: sql`case when ${addressExpired} then 1
              else sign_in_address_throttle.failures + 1 end`,
            window_started_at: sql`case when ${addressExpired} then ${now}::timestamptz
              else sign_in_address_throttle.window_started_at end`,
          }),
        ),
    ),
  ];
}

/**
 * A sign-in clears the pair's failures and marks the client as the member's own. The address's
 * ceiling stays: a stranger's count does not restart each time the member signs in.
 */
export function recordSignIn(email: string, client: string, now: Date): Statement {
  const cleared = { failures: 0, window_started_at: now, locked_until: null, signed_in_at: now };
  return statement(
    qb
      .insertInto('sign_in_throttle')
      .values({ email, client, ...cleared })
      .onConflict((oc) => oc.columns(['email', 'client']).doUpdateSet(cleared)),
  );
}

/**
 * Deletes what no longer counts: pairs with no failure in their window, no lock and no recent
 * sign-in, and ceilings whose day is over.
 */
export async function pruneSignInThrottle(db: Db, now = new Date()): Promise<number> {
  const pairs = await db
    .deleteFrom('sign_in_throttle')
    .where('window_started_at', '<', new Date(now.getTime() - SIGN_IN_THROTTLE.windowMs))
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .where((eb) =>
      eb.or([
        eb('signed_in_at', 'is', null),
        eb('signed_in_at', '<', new Date(now.getTime() - OWN_CLIENT_MS)),
      ]),
    )
    .executeTakeFirst();
  const addresses = await db
    .deleteFrom('sign_in_address_throttle')
    .where('window_started_at', '<=', new Date(now.getTime() - SIGN_IN_ADDRESS_CEILING.windowMs))
    .executeTakeFirst();
  return Number(pairs.numDeletedRows) + Number(addresses.numDeletedRows);
}
