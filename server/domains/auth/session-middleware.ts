import type { RequestHandler } from 'express';
import type { Role } from '../../../shared/auth/schemas';
import type { Db } from '../../db/schema';
import { forbidden, unauthorized } from '../../http/errors';
import { readSessionToken } from './session-cookie';
import { findActiveSession, type ActiveSession } from './sessions';

declare module 'express-serve-static-core' {
  interface Request {
    session?: ActiveSession;
  }
}

/** Attaches the caller's session, if the cookie names a live one. */
export function loadSession(db: Db): RequestHandler {
  return (req, _res, next) => {
    const token = readSessionToken(req.headers.cookie);
    if (!token) return next();
    findActiveSession(db, token)
      .then((session) => {
        if (session) req.session = session;
        next();
      })
      .catch(next);
  };
}

export const requireAuth: RequestHandler = (req, _res, next) => {
  next(req.session ? undefined : unauthorized());
};

/** Server-side role check: the client hiding a button is never the protection. */
export function requireRole(role: Role): RequestHandler {
  return (req, _res, next) => {
    if (!req.session) return next(unauthorized());
    if (req.session.user.role !== role) {
      return next(forbidden(`This needs an ${role} account.`));
    }
    next();
  };
}

/** The session of a request that passed `requireAuth`. */
export function sessionOf(req: { session?: ActiveSession }): ActiveSession {
  if (!req.session) throw unauthorized();
  return req.session;
}
