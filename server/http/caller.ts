import type { IncomingMessage } from 'node:http';
import type { Express, Request, RequestHandler, Response } from 'express';
import { apiTokenMessages } from '../../shared/api-tokens/scopes';
import { clientAddress } from '../core/client-address';
import { DomainError, forbidden } from '../core/errors';
import type { SessionFinder, TokenFinder } from '../core/session';
import { scopeOfMethod, type RouteScope } from './route-spec';

const BEARER = /^Bearer(?:[ \t]+(\S*))?[ \t]*$/i;

/**
 * The secret of an `Authorization: Bearer` header (RFC 6750): `''` when the header names the
 * scheme but no token, `undefined` when the request carries no bearer credential at all (other
 * schemes are not ours, and leave the request to its cookie).
 */
export function bearerSecretOf(req: Request): string | undefined {
  return bearerSecretOfHeader(req.get('authorization'));
}

/** As `bearerSecretOf`, from the header's value (a socket's handshake has no Express request). */
export function bearerSecretOfHeader(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = BEARER.exec(header.trim());
  return match ? (match[1] ?? '') : undefined;
}

/**
 * Attaches who is calling: the member of a bearer token when the request carries one (its cookie,
 * if any, is then ignored: one request, one credential), else the session its cookie names. A
 * bearer token that cannot be used is refused 401 at once, whatever the route: a client that
 * sent credentials wants to know they failed rather than be served as a stranger.
 */
export function loadCaller(findSession: SessionFinder, findToken: TokenFinder): RequestHandler {
  return (req, res, next) => {
    const secret = bearerSecretOf(req);
    if (secret !== undefined) {
      findToken(secret, clientAddress(req))
        .then((session) => {
          req.session = session;
          next();
        })
        .catch((error: unknown) => {
          if (error instanceof DomainError && error.kind === 'unauthenticated') {
            res.set('www-authenticate', 'Bearer error="invalid_token"');
          }
          next(error);
        });
      return;
    }
    if (!req.headers.cookie) return next();
    findSession(req.headers.cookie)
      .then((session) => {
        if (session) req.session = session;
        next();
      })
      .catch(next);
  };
}

/**
 * Why a request made with an API token may not call something that needs `scope`, or null when
 * it may (and always for a session: its member may do all their role allows).
 */
export function scopeRefusal(req: Request, res: Response, scope: RouteScope): DomainError | null {
  const credential = req.session?.credential;
  if (credential?.kind !== 'token') return null;
  if (scope === 'session') return forbidden('session-required', apiTokenMessages.sessionRequired);
  if (credential.scopes.includes(scope)) return null;
  res.set('www-authenticate', `Bearer error="insufficient_scope", scope="${scope}"`);
  return forbidden('insufficient-scope', apiTokenMessages.insufficientScope(scope));
}

/** For paths outside the route specs (`/cdn`): a token needs the scope of the method. */
export function requireMethodScope(): RequestHandler {
  return (req, res, next) => next(scopeRefusal(req, res, scopeOfMethod(req.method)) ?? undefined);
}

/**
 * The client of a request Express did not handle (a socket's handshake), judged by the app's own
 * `trust proxy` as `req.ip` is: a view of the request on Express's request prototype.
 */
export function handshakeClient(app: Express): (request: IncomingMessage) => string {
  return (request) =>
    clientAddress(
      Object.create(app.request, {
        headers: { value: request.headers },
        socket: { value: request.socket },
      }) as Request,
    );
}
