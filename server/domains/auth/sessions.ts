import { randomUUID } from 'node:crypto';
import { REMEMBER_ME_DAYS } from '../../../shared/constants';
import type { Db, Trx } from '../../db/schema';
import type { UsersTable } from '../../db/tables/users';
import { append } from '../../eventstore/append';
import { hashToken, randomToken } from './tokens';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A browser-session cookie still gets a server-side end, in case the browser restores it. */
const BROWSER_SESSION_MS = DAY_MS;
const ACTIVITY_RESOLUTION_MS = 60 * 1000;

export interface ActiveSession {
  id: string;
  userId: string;
  rememberMe: boolean;
  createdAt: Date;
  lastActivityAt: Date;
  expiresAt: Date;
  user: Pick<
    UsersTable,
    'id' | 'username' | 'email' | 'display_name' | 'avatar' | 'email_verified' | 'role' | 'status'
  >;
}

export interface NewSession {
  id: string;
  token: string;
  expiresAt: Date;
  rememberMe: boolean;
}

export function sessionStreamId(sessionId: string): string {
  return `session-${sessionId}`;
}

export async function openSession(
  trx: Trx,
  userId: string,
  rememberMe: boolean,
  requestId?: string,
): Promise<NewSession> {
  const id = randomUUID();
  const token = randomToken();
  const expiresAt = new Date(
    Date.now() + (rememberMe ? REMEMBER_ME_DAYS * DAY_MS : BROWSER_SESSION_MS),
  );
  await trx
    .insertInto('sessions')
    .values({
      id,
      token_hash: hashToken(token),
      user_id: userId,
      remember_me: rememberMe,
      expires_at: expiresAt,
    })
    .execute();
  await append(
    trx,
    sessionStreamId(id),
    0,
    [{ type: 'UserSignedIn', data: { userId, sessionId: id, rememberMe } }],
    { actorId: userId, requestId },
  );
  return { id, token, expiresAt, rememberMe };
}

export async function closeSession(
  trx: Trx,
  session: { id: string; userId: string },
  requestId?: string,
): Promise<void> {
  const deleted = await trx.deleteFrom('sessions').where('id', '=', session.id).executeTakeFirst();
  if (deleted.numDeletedRows === 0n) return;
  await append(
    trx,
    sessionStreamId(session.id),
    1,
    [{ type: 'UserSignedOut', data: { userId: session.userId, sessionId: session.id } }],
    { actorId: session.userId, requestId },
  );
}

/** Sessions of a member end at once when the password changes or the account is disabled. */
export async function closeAllSessions(trx: Trx, userId: string): Promise<void> {
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function findActiveSession(db: Db, token: string): Promise<ActiveSession | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
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
    ])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.expires_at', '>', new Date())
    .where('users.status', '=', 'active')
    .executeTakeFirst();
  if (!row) return null;
  if (Date.now() - row.last_activity_at.getTime() > ACTIVITY_RESOLUTION_MS) {
    row.last_activity_at = new Date();
    await db
      .updateTable('sessions')
      .set({ last_activity_at: row.last_activity_at })
      .where('id', '=', row.session_id)
      .execute();
  }
  return {
    id: row.session_id,
    userId: row.id,
    rememberMe: row.remember_me,
    createdAt: row.created_at,
    lastActivityAt: row.last_activity_at,
    expiresAt: row.expires_at,
    user: {
      id: row.id,
      username: row.username,
      email: row.email,
      display_name: row.display_name,
      avatar: row.avatar,
      email_verified: row.email_verified,
      role: row.role,
      status: row.status,
    },
  };
}
