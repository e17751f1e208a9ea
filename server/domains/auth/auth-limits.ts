import type { Config } from '../../config';
import { createRateLimit } from '../../core/rate-limits';
import type { Db } from '../../db/schema';

const HOUR_SECONDS = 60 * 60;

const RATE_LIMITED = 'rate-limited';

/** Texts of the refusals the spec's catalogue has none for. */
export const authLimitMessages = {
  signUps: 'Too many accounts were created from your network. Please try again later.',
  resets: 'Too many password reset requests. Please try again later.',
  twoFactor: 'Too many verification attempts. Please try again later.',
  passwordChecks: 'Too many password attempts. Please try again later.',
} as const;

/** Password checks a signed-in member may ask for an hour (change, two-factor setup and off). */
const PASSWORD_CHECKS_PER_MEMBER_PER_HOUR = 10;

/**
 * The limits of the public account routes besides the sign-in throttle, counted in Postgres for
 * every process (`server/core/rate-limits.ts`), per hour as configured:
 *
 * - sign-ups per client, so one client cannot mint accounts by the thousand;
 * - reset requests per client, so one client cannot probe addresses or mail many members;
 * - reset requests per address, so many clients together cannot flood one inbox;
 * - two-factor codes per client, across challenges: each challenge also ends after five wrong
 *   codes, and this stops a client from opening challenge after challenge to guess on;
 * - password checks per member, so a session left open cannot be used to guess the password.
 */
export function authLimits(db: Db, config: Config) {
  const hourly = (name: string, points: number, message: string) =>
    createRateLimit(db, {
      name,
      points,
      windowSeconds: HOUR_SECONDS,
      code: RATE_LIMITED,
      message,
    });
  return {
    signUpsPerClient: hourly(
      'sign-ups-per-client',
      config.SIGN_UPS_PER_CLIENT_PER_HOUR,
      authLimitMessages.signUps,
    ),
    resetsPerClient: hourly(
      'resets-per-client',
      config.RESETS_PER_CLIENT_PER_HOUR,
      authLimitMessages.resets,
    ),
    resetsPerAddress: hourly(
      'resets-per-address',
      config.RESETS_PER_ADDRESS_PER_HOUR,
      authLimitMessages.resets,
    ),
    twoFactorPerClient: hourly(
      'two-factor-per-client',
      config.TWO_FACTOR_CODES_PER_HOUR,
      authLimitMessages.twoFactor,
    ),
    passwordChecksPerMember: hourly(
      'password-checks-per-member',
      PASSWORD_CHECKS_PER_MEMBER_PER_HOUR,
      authLimitMessages.passwordChecks,
    ),
  };
}
