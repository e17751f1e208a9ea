import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { ApiTokenScope } from '../../shared/api-tokens/scopes';
import type { ErrorCoder } from './validation';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call a route: anyone, any signed-in member, a moderator (moderators and owners), or an
 * owner. Checked before the input is validated, so a member is refused an owner's route whatever
 * they send.
 */
export type RouteAuth = 'public' | 'member' | 'moderator' | 'owner';

/**
 * What a request made with an API token needs to call a route: one of the token's scopes, or
 * `session` for the routes only a signed-in browser may call (the account's own security and
 * data: password, email, two-factor, tokens, export, deletion, sign-out), so that a leaked
 * token can neither take the account over nor make itself new tokens.
 */
export type RouteScope = ApiTokenScope | 'session';

/** A success answer that is not a JSON body of a zod schema (a file, a CSV export). */
export interface RawResponse {
  description: string;
  /** Its media type, or each one it may have (an export in the format asked for). */
  contentType: string | readonly string[];
}

/**
 * A request body the handler reads itself, as a stream (an upload): a multipart form with its
 * file and text fields, or raw bytes of any type.
 */
export interface StreamedBody {
  contentType: 'multipart/form-data' | 'application/octet-stream';
  description: string;
  /** For a form: each field's name and what it holds; file fields say `binary`. */
  fields?: Record<string, { binary?: boolean; description: string }>;
}

/** A JSON body described by its zod schema, `null` for an empty answer (204). */
export type ResponseSpec = z.ZodType | null | RawResponse;

export interface Input<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

/**
 * One API route, declared once: the HTTP layer mounts it (auth first, then zod on params, query
 * and body) and the OpenAPI document is generated from the same object.
 */
export interface RouteSpec<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Express syntax, relative to `/api`: `/friends/requests/:id`. */
  path: string;
  summary: string;
  /** Extra words for the API reference; the summary is the first line. */
  description?: string;
  /** Groups the route in the API reference; defaults to the path's first segment. */
  tag?: string;
  auth: RouteAuth;
  /** Only where `requiredScope`'s rule is wrong for the route (messaging, the account's security). */
  scope?: RouteScope;
  params?: P;
  query?: Q;
  body?: B;
  /** Instead of `body`: a body the handler streams itself (uploads). */
  streamedBody?: StreamedBody;
  /** Names the error the spec asks for when the body is refused (e.g. `weak-password`). */
  coder?: ErrorCoder;
  /** Success answers by status. */
  responses: Record<number, ResponseSpec>;
  /**
   * Refusals of the route's own (404 for a body's id, 409, 429 for a limit it applies), beyond the
   * ones the HTTP layer gives every route (see `errorStatuses` in `openapi/responses.ts`).
   */
  errors?: readonly number[];
  /**
   * A member route still open while the member must choose a new password (the change itself);
   * every other member and owner route refuses them `403 password_rotation_required`.
   */
  openDuringPasswordRotation?: boolean;
  /** Mounted only when `ENABLE_TEST_ROUTES` is on; documented under the `test` tag. */
  testOnly?: boolean;
  handler(
    input: Input<z.output<P>, z.output<Q>, z.output<B>>,
    req: Request,
    res: Response,
  ): Promise<void>;
}

/**
 * The one rule mapping a route to what an API token needs for it: the route's own `scope` where it
 * names one, else `admin` for owner routes, `read` for GET (and so HEAD), `write` for the rest.
 * Moderator routes go by method: the role is the member's, checked as for a session.
 */
export function requiredScope(spec: Pick<RouteSpec, 'method' | 'auth' | 'scope'>): RouteScope {
  if (spec.scope) return spec.scope;
  if (spec.auth === 'owner') return 'admin';
  return scopeOfMethod(spec.method);
}

/** By method alone: for paths outside the route specs (the files at `/cdn`). */
export function scopeOfMethod(method: string): ApiTokenScope {
  return method.toLowerCase() === 'get' || method.toLowerCase() === 'head' ? 'read' : 'write';
}

/** A route of some schemas, erased to what the HTTP layer and the document generator read. */
export type AnyRouteSpec = RouteSpec<z.ZodType, z.ZodType, z.ZodType>;

/** Types the handler's input from the schemas given; the result is mounted as it is. */
export function defineRoute<
  P extends z.ZodType = z.ZodObject<Record<string, never>>,
  Q extends z.ZodType = z.ZodObject<Record<string, never>>,
  B extends z.ZodType = z.ZodUndefined,
>(spec: RouteSpec<P, Q, B>): AnyRouteSpec {
  return spec as unknown as AnyRouteSpec;
}
