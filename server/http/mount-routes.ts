import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import { z } from 'zod';
import { passwordChangeMessages } from '../../shared/auth/security-messages';
import { forbidden, unauthenticated } from '../core/errors';
import { scopeRefusal } from './caller';
import { requiredScope, type AnyRouteSpec } from './route-spec';
import { parseInput } from './validation';

const noParams = z.object({});
/** Owners moderate too. */
const MODERATING_ROLES: ReadonlySet<string> = new Set(['moderator', 'owner']);
const noQuery = z.object({});
const noBody = z.unknown().refine(
  // Clients may send `{}` with a bodiless POST; anything else is a mistake worth reporting.
  (b) =>
    b === undefined ||
    (typeof b === 'object' && b !== null && !Array.isArray(b) && Object.keys(b).length === 0),
  { message: 'This endpoint takes no request body' },
);

/**
 * Server-side role check: the client hiding a button is never the protection. A member who must
 * choose a new password reaches only the routes open during rotation (public ones, such as the
 * session and sign-out, are never gated). A request made with an API token needs the route's
 * scope first, on every route, public ones included: the token is who the request is, and a
 * public route may still answer a member more than a stranger.
 */
function gate(spec: AnyRouteSpec): RequestHandler {
  const { auth } = spec;
  const scope = requiredScope(spec);
  return (req, res, next) => {
    const refusal = scopeRefusal(req, res, scope);
    if (refusal) return next(refusal);
    if (auth === 'public') return next();
    if (!req.session) return next(unauthenticated());
    if (req.session.passwordRotationRequired && !spec.openDuringPasswordRotation) {
      return next(forbidden('password_rotation_required', passwordChangeMessages.rotationRequired));
    }
    if (auth === 'owner' && req.session.user.role !== 'owner') {
      return next(forbidden('forbidden', 'This needs an owner account.'));
    }
    if (auth === 'moderator' && !MODERATING_ROLES.has(req.session.user.role)) {
      return next(forbidden('forbidden', 'This needs a moderator account.'));
    }
    next();
  };
}

/**
 * Parses params, query and body by the route's zod schemas before its handler runs: a bad request
 * is answered 400 and the handler never sees it. Errors thrown or rejected reach the error handler.
 */
function handle(spec: AnyRouteSpec): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    try {
      const input = {
        params: parseInput(spec.params ?? noParams, req.params),
        query: parseInput(spec.query ?? noQuery, req.query),
        body: parseInput(spec.body ?? noBody, req.body, spec.coder),
      };
      spec.handler(input as never, req, res).catch(next);
    } catch (error) {
      next(error);
    }
  };
}

/** A first path segment that is plain text: no parameter, wildcard or optional part. */
const LITERAL_SEGMENT = /^\/([A-Za-z0-9._~-]+)(\/.*)?$/;

/**
 * Mounts routes in the order given (a literal path must come before a parameter one), each under
 * a router of its own first path segment (`/posts/:id` as `/:id` on the router at `/posts`).
 * Express tries a router's layers one by one, matching each path's pattern: with every route on
 * one router, a request to a route near the end ran some 250 patterns, 8% of the server's busy
 * time in the badge benchmark (docs/performance.md, "Routes found by their first segment").
 * Routes of one segment keep their order, and no request can match routes of two segments. A
 * route whose path starts with a parameter goes on `router` itself after them all, so it must come
 * after them in `routes` too: otherwise it would have been tried first before, and is refused.
 */
export function mountRoutes(router: Router, routes: readonly AnyRouteSpec[]): void {
  const bySegment = new Map<string, Router>();
  const rest: AnyRouteSpec[] = [];
  for (const spec of routes) {
    const literal = LITERAL_SEGMENT.exec(spec.path);
    if (!literal) {
      rest.push(spec);
      continue;
    }
    if (rest.length > 0) {
      throw new Error(`${spec.method} ${spec.path} must be mounted before ${rest[0]!.path}`);
    }
    const segment = literal[1]!;
    let segmentRouter = bySegment.get(segment);
    if (!segmentRouter) {
      segmentRouter = express.Router();
      bySegment.set(segment, segmentRouter);
      router.use(`/${segment}`, segmentRouter);
    }
    segmentRouter[spec.method](literal[2] ?? '/', gate(spec), handle(spec));
  }
  for (const spec of rest) router[spec.method](spec.path, gate(spec), handle(spec));
}
