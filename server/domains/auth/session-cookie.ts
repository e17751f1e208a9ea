import { parse } from 'cookie';
import type { Request, Response } from 'express';
import { SESSION_COOKIE } from '../../../shared/constants';
import type { NewSession } from './sessions';

export function readSessionToken(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  return parse(cookieHeader)[SESSION_COOKIE] || undefined;
}

function secure(req: Request, publicUrl: string): boolean {
  return req.secure || publicUrl.startsWith('https:');
}

/** Remember me: a persistent cookie until the session ends; otherwise a browser-session cookie. */
export function setSessionCookie(
  req: Request,
  res: Response,
  session: NewSession,
  publicUrl: string,
) {
  res.cookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(req, publicUrl),
    path: '/',
    ...(session.rememberMe ? { expires: session.expiresAt } : {}),
  });
}

export function clearSessionCookie(req: Request, res: Response, publicUrl: string) {
  res.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(req, publicUrl),
    path: '/',
  });
}
