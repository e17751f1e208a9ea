import type { Db } from '../../db/schema';
import { presentSession } from './session-presenter';
import { findActiveSession, type NewSession } from './sessions';

/** The session as the sign-in answer shows it, read back the way every later request reads it. */
export async function signedInAnswer(db: Db, session: NewSession, maxPasswordAgeDays: number) {
  const active = await findActiveSession(db, session.token, maxPasswordAgeDays);
  return active ? presentSession(active) : { isAuthenticated: false as const };
}
