import { sql, type RawBuilder } from 'kysely';

/** A member's account stream: registration, passwords, role, status, privacy. */
export const userStreamId = (userId: string) => `user-${userId}`;

/** The same id, built in SQL from a member reference (a subquery or a column). */
export const userStreamIdSql = (userId: RawBuilder<unknown>) =>
  sql<string>`'user-' || (${userId})::text`;

/** One stream per session: signed in, then signed out. */
export const sessionStreamId = (sessionId: string) => `session-${sessionId}`;
