import type { RequestHandler } from 'express';
import { bearerSecretOf } from './caller';
import { HttpError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site's page. Browsers always send Origin on
 * such requests; tools that send none (curl, tests) carry no ambient cookie risk.
 *
 * A request with a bearer token is not checked: it is authenticated by that token alone (its
 * cookie, if any, is ignored), and a token is never ambient. A browser attaches cookies to a
 * forged cross-site request by itself, but an `Authorization` header only when the page sets it,
 * which across sites takes a CORS preflight this server never grants. So another site's page can
 * only send a bearer request with a token it already holds, against which no Origin check helps.
 */
export function originCheck(publicUrl: string): RequestHandler {
  const trusted = new URL(publicUrl).origin;
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || bearerSecretOf(req) !== undefined) return next();
    const origin = req.get('origin');
    const own = `${req.protocol}://${req.get('host')}`;
    if (origin && origin !== trusted && origin !== own) {
      return next(new HttpError(403, 'forbidden-origin', 'Cross-site requests are not allowed.'));
    }
    if (!origin && req.get('sec-fetch-site') === 'cross-site') {
      return next(new HttpError(403, 'forbidden-origin', 'Cross-site requests are not allowed.'));
    }
    next();
  };
}
