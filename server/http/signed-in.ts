import type { Request } from 'express';
import { unauthenticated } from '../core/errors';
import type { ActiveSession } from '../core/session';

/** The session of a request whose route requires a member (the route's auth already checked it). */
export function sessionOf(req: Request): ActiveSession {
  if (!req.session) throw unauthenticated();
  return req.session;
}

/** The signed-in member's id. */
export const memberIdOf = (req: Request): string => sessionOf(req).userId;
