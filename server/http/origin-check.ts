import type { RequestHandler } from 'express';
import { HttpError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site's page. Browsers always send Origin on
 * such requests; tools that send none (curl, tests) carry no ambient cookie risk.
 */
export function originCheck(publicUrl: string): RequestHandler {
  const trusted = new URL(publicUrl).origin;
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
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
