import { sql } from 'kysely';
import {
  API_TOKEN_PREFIX,
  apiTokenMessages as m,
  TOKEN_USE_RESOLUTION_MS,
} from '../../../shared/api-tokens/scopes';
import { passwordChangeMessages } from '../../../shared/auth/security-messages';
import { suspendedMessage } from '../../../shared/moderation';
import type { Config } from '../../config';
import { DomainError } from '../../core/errors';
import { createRateLimit } from '../../core/rate-limits';
import type { ActiveSession, TokenFinder } from '../../core/session';
import type { Db } from '../../db/schema';
import { rotationDue } from '../auth/sessions';
import { tokenHashOf } from './token-secret';

/** The prefix and 256 bits in base64url: anything else is refused before a query. */
const SECRET_FORM = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

const refused = (code: string, message: string) =>
  new DomainError('unauthenticated', code, message);

export const tokenFailuresMessage = 'Too many invalid API tokens. Please try again later.';

/**
 * Finds the member a token acts for, with the rules a session lives by: the token must exist, be
 * neither revoked nor expired, and its member active, not suspended and not due a new password
 * (which only a signed-in browser can choose). Each refusal is a 401 whose code says which.
 * The token's last use is stamped at most once a minute, with the member's active day, as a
 * session's activity is: one statement now and then, not a write per request.
 *
 * Each refusal counts against the presenting client, like a failed sign-in: past the configured
 * number an hour, the client's bearer requests are refused 429 before any lookup, so leaked or
 * stale tokens cannot be tried in bulk. A working token's requests are held to the same per-member
 * limits as a session's, since those count the member whatever the credential.
 */
export function createTokenFinder(
  db: Db,
  config: Pick<Config, 'PASSWORD_MAX_AGE_DAYS' | 'API_TOKEN_FAILURES_PER_HOUR'>,
): TokenFinder {
  const failures = createRateLimit(db, {
    name: 'api-token-failures-per-client',
    points: config.API_TOKEN_FAILURES_PER_HOUR,
    windowSeconds: 60 * 60,
    code: 'rate-limited',
    message: tokenFailuresMessage,
  });
  const find = findToken(db, config.PASSWORD_MAX_AGE_DAYS);
  return async (secret, client) => {
    await failures.check(client);
    try {
      return await find(secret);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'unauthenticated') {
        await failures.take(client);
      }
      throw error;
    }
  };
}

function findToken(db: Db, maxPasswordAgeDays: number) {
  return async (secret: string): Promise<ActiveSession> => {
    if (!SECRET_FORM.test(secret)) throw refused('invalid-token', m.invalid);
    const row = await db
      .selectFrom('api_tokens as t')
      .innerJoin('users', 'users.id', 't.user_id')
      .leftJoin('password_state', 'password_state.user_id', 't.user_id')
      .leftJoin('api_token_uses as u', 'u.token_id', 't.id')
      .leftJoin('member_suspensions as s', 's.user_id', 't.user_id')
      .select([
        't.id as token_id',
        't.scopes',
        't.created_at',
        't.expires_at',
        't.revoked_at',
        't.revoked_reason',
        'u.last_used_at',
        's.reason as suspension_reason',
        's.until as suspended_until',
        'password_state.rotation_required',
        'password_state.changed_at',
        'users.id',
        'users.username',
        'users.email',
        'users.display_name',
        'users.avatar',
        'users.email_verified',
        'users.role',
        'users.status',
        (eb) =>
          eb
            .exists(
              eb
                .selectFrom('onboarding_progress')
                .select('onboarding_progress.user_id')
                .whereRef('onboarding_progress.user_id', '=', 'users.id')
                .where('onboarding_progress.completed_at', 'is not', null),
            )
            .as('onboarding_complete'),
      ])
      .where('t.token_hash', '=', tokenHashOf(secret))
      .executeTakeFirst();
    if (!row) throw refused('invalid-token', m.invalid);
    if (row.revoked_at) {
      const byPassword = row.revoked_reason === 'password-changed';
      throw refused('token-revoked', byPassword ? m.revokedByPasswordChange : m.revoked);
    }
    const now = new Date();
    if (row.expires_at && row.expires_at <= now) throw refused('token-expired', m.expired);
    if (row.status !== 'active') throw refused('account-disabled', m.disabled);
    if (
      row.suspension_reason !== null &&
      (row.suspended_until === null || row.suspended_until > now)
    ) {
      throw refused(
        'account-suspended',
        suspendedMessage(row.suspended_until, row.suspension_reason),
      );
    }
    if (rotationDue(row, maxPasswordAgeDays, now.getTime())) {
      throw refused('password_rotation_required', passwordChangeMessages.rotationRequired);
    }
    let lastUsedAt = row.last_used_at;
    if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() > TOKEN_USE_RESOLUTION_MS) {
      lastUsedAt = now;
      await sql`
        with used as (
          insert into api_token_uses (token_id, last_used_at)
          values (${row.token_id}::uuid, ${now})
          on conflict (token_id) do update set last_used_at = excluded.last_used_at
          returning 1)
        insert into analytics_active_days (day, member_id)
        select ${now.toISOString().slice(0, 10)}::date, ${row.id}::uuid from used
        on conflict (day, member_id) do nothing`.execute(db);
    }
    const session: ActiveSession = {
      id: row.token_id,
      credential: { kind: 'token', scopes: row.scopes },
      userId: row.id,
      rememberMe: false,
      createdAt: row.created_at,
      lastActivityAt: lastUsedAt,
      expiresAt: row.expires_at,
      passwordRotationRequired: false,
      user: {
        id: row.id,
        username: row.username,
        email: row.email,
        display_name: row.display_name,
        avatar: row.avatar,
        email_verified: row.email_verified,
        role: row.role,
        status: row.status,
        onboarding_complete: Boolean(row.onboarding_complete),
      },
    };
    return session;
  };
}
