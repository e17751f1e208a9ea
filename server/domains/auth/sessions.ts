import { randomUUID } from 'node:crypto';
import { sql, type InferResult } from 'kysely';
import { REMEMBER_ME_DAYS } from '../../../shared/constants';
import type { ActiveSession } from '../../core/session';
import { compiledOnce, slot } from '../../db/compiled-once';
import type { Db } from '../../db/schema';
import { qb, statement, type Statement } from '../../db/statement';
import { hashToken, randomToken } from './tokens';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A browser-session cookie still gets a server-side end, in case the browser restores it. */
const BROWSER_SESSION_MS = DAY_MS;
export const ACTIVITY_RESOLUTION_MS = 60 * 1000;

export type { ActiveSession };

export interface NewSession {
  id: string;
  token: string;
  expiresAt: Date;
  rememberMe: boolean;
}

/**
 * A new session for a member: its token (only the hash is stored) and the row a command writes
 * with its `UserSignedIn` event. Sessions are operational state, not a projection: replaying the
 * log must never resurrect one.
 */
export function newSession(
  userId: string,
  rememberMe: boolean,
): { session: NewSession; row: Statement } {
  const id = randomUUID();
  const token = randomToken();
  const expiresAt = new Date(
    Date.now() + (rememberMe ? REMEMBER_ME_DAYS * DAY_MS : BROWSER_SESSION_MS),
  );
  const row = statement(
    qb.insertInto('sessions').values({
      id,
      token_hash: hashToken(token),
      user_id: userId,
      remember_me: rememberMe,
      expires_at: expiresAt,
    }),
  );
  return { session: { id, token, expiresAt, rememberMe }, row };
}

/** Every session of a member ends at once (password changed, account disabled). */
export function closeAllSessions(userId: string): Statement {
  return statement(qb.deleteFrom('sessions').where('user_id', '=', userId));
}

/** Whether the member must choose a new password before anything else. */
export function rotationDue(
  state: { rotation_required: boolean | null; changed_at: Date | null },
  maxPasswordAgeDays: number,
  now: number,
): boolean {
  if (state.rotation_required) return true;
  if (maxPasswordAgeDays === 0 || !state.changed_at) return false;
  return now - state.changed_at.getTime() > maxPasswordAgeDays * DAY_MS;
}

/** The live session of a token's hash, with its member. */
export const liveSessionQuery = (tokenHash: string, now: Date) =>
  qb
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('password_state', 'password_state.user_id', 'sessions.user_id')
    .select([
      'password_state.rotation_required',
      'password_state.changed_at',
      'sessions.id as session_id',
      'sessions.remember_me',
      'sessions.created_at',
      'sessions.last_activity_at',
      'sessions.expires_at',
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
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .where('users.status', '=', 'active');

/**
 * The lookup every signed-in request and socket makes before anything else, compiled once
 * (db/compiled-once.ts): building it cost the server more than half a millisecond a request.
 */
export const liveSession = compiledOnce(
  [slot<string>('tokenHash'), slot<Date>('now')],
  (_shape: 'live', tokenHash: string, now: Date) => liveSessionQuery(tokenHash, now),
);

/**
 * The live session of a token with its member. `maxPasswordAgeDays` (0 = no maximum) is the
 * configured password age past which the session reads as needing a new password.
 */
export async function findActiveSession(
  db: Db,
  token: string,
  maxPasswordAgeDays: number,
): Promise<ActiveSession | null> {
  const {
    rows: [row],
  } = await db.executeQuery<InferResult<ReturnType<typeof liveSessionQuery>>[number]>(
    liveSession('live', hashToken(token), new Date()),
  );
  if (!row) return null;
  if (Date.now() - row.last_activity_at.getTime() > ACTIVITY_RESOLUTION_MS) {
    row.last_activity_at = new Date();
    // Using the site is also the member's activity of the day (`/analytics`' active members),
    // stamped here with the session, at most once a minute a session, rather than by a statement
    // in every command's transaction (which cost messaging a third of its latency).
    await sql`
      with touched as (
        update sessions set last_activity_at = ${row.last_activity_at}
        where id = ${row.session_id}::uuid
        returning user_id)
      insert into analytics_active_days (day, member_id)
      select ${row.last_activity_at.toISOString().slice(0, 10)}::date, user_id from touched
      on conflict (day, member_id) do nothing`.execute(db);
  }
  return {
    id: row.session_id,
    credential: { kind: 'cookie' },
    userId: row.id,
    rememberMe: row.remember_me,
    createdAt: row.created_at,
    lastActivityAt: row.last_activity_at,
    expiresAt: row.expires_at,
    passwordRotationRequired: rotationDue(row, maxPasswordAgeDays, Date.now()),
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
}
