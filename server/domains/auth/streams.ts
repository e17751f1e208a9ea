/** A member's account stream: registration, passwords, role, status, privacy. */
export const userStreamId = (userId: string) => `user-${userId}`;

/** One stream per session: signed in, then signed out. */
export const sessionStreamId = (sessionId: string) => `session-${sessionId}`;
