import { STATUS_CODES } from 'node:http';
import type { AnyRouteSpec, RawResponse, ResponseSpec } from '../route-spec';
import { pathParameterNames } from './express-path';
import type { JsonSchema, SchemaComponents } from './json-schema';

export interface ResponseObject {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, { schema?: JsonSchema }>;
}

export const API_ERROR_REF: JsonSchema = { $ref: '#/components/schemas/ApiError' };

const retryAfter = {
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 0 },
  },
};

/** The refusals the HTTP layer answers, by status, named as `components.responses`. */
const KNOWN_ERRORS: Record<number, { name: string; description: string; retry?: boolean }> = {
  400: {
    name: 'BadRequest',
    description:
      'The request was refused before the handler ran: `validation` (or a code naming the rule, ' +
      'such as `weak-password`) with `fields` mapping each refused field to its message, ' +
      '`malformed-json` or `too-deeply-nested`.',
  },
  401: {
    name: 'Unauthorized',
    description:
      '`unauthorized`: no valid session cookie. With a bearer token that cannot be used: ' +
      '`invalid-token`, `token-revoked`, `token-expired`, `account-disabled`, ' +
      '`account-suspended` or `password_rotation_required`.',
  },
  403: {
    name: 'Forbidden',
    description:
      'Refused: `password_rotation_required` (the member must choose a new password first; ' +
      'every signed-in route but the change itself), `forbidden-origin` (a state-changing ' +
      "request from another site's page), `forbidden` (the route needs another role), or a " +
      'code naming why (e.g. `blocked`). With a bearer token: `insufficient-scope` (the ' +
      'message names the scope) or `session-required`.',
  },
  404: {
    name: 'NotFound',
    description:
      '`not-found` (or a code naming what): it does not exist, or the caller may not see it.',
  },
  409: { name: 'Conflict', description: 'It conflicts with the current state (see `code`).' },
  413: {
    name: 'PayloadTooLarge',
    description:
      '`payload-too-large`: a JSON body over 1 MB, or an upload over its own limit (see `code`).',
  },
  415: {
    name: 'UnsupportedMediaType',
    description:
      'A body in a charset or content encoding the server does not read, or an upload of a ' +
      'type this route does not take (`unsupported-type`).',
  },
  429: {
    name: 'TooManyRequests',
    description:
      'A limit was exceeded (see `code`; on any route, `rate-limited` for a client that has ' +
      'presented too many unusable bearer tokens); `Retry-After` says when to try again.',
    retry: true,
  },
  500: {
    name: 'InternalError',
    description: '`internal`: an unexpected failure, a bug; monitoring records it.',
  },
  503: {
    name: 'Unavailable',
    description:
      '`unavailable` for now (the database is unreachable); `Retry-After` says when to try again.',
    retry: true,
  },
};

/** Methods a browser sends without asking the origin check: they change nothing and carry no body. */
const SAFE_METHODS: ReadonlySet<AnyRouteSpec['method']> = new Set(['get']);

/**
 * Every refusal a route may answer. The HTTP layer gives each route: 400 for bad input; 503 while
 * the database is unreachable (the caller is read before any route); 401, 403 and 429 to a bearer
 * token, on every route, public ones too (401 when it cannot be used, 403 without the scope the
 * route needs, 429 once its client has presented too many unusable ones); for a write, 413 or 415
 * from the body's parser (and 403 from the origin check); 404 for an id in its path. Without a
 * token, 401 and 403 come by the route's auth (a member who must change their password is
 * refused all but the change). Then the route's own.
 */
export function errorStatuses(spec: AnyRouteSpec): number[] {
  const statuses = new Set([400, 401, 403, 429, 503, ...(spec.errors ?? [])]);
  if (!SAFE_METHODS.has(spec.method)) {
    statuses.add(413);
    statuses.add(415);
  }
  if (pathParameterNames(spec.path).length > 0) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

/** The shared response of a refusal, and the name it has under `components.responses`. */
export function errorResponse(status: number): { name: string; response: ResponseObject } {
  const known = KNOWN_ERRORS[status];
  return {
    name: known?.name ?? `Error${status}`,
    response: {
      description: known?.description ?? STATUS_CODES[status] ?? `HTTP ${status}`,
      ...(known?.retry ? { headers: retryAfter } : {}),
      content: { 'application/json': { schema: API_ERROR_REF } },
    },
  };
}

const isRaw = (response: ResponseSpec): response is RawResponse =>
  response !== null && 'contentType' in response;

export function successResponse(
  status: number,
  response: ResponseSpec,
  schemas: SchemaComponents,
  hint: string,
): ResponseObject {
  const standard = STATUS_CODES[status] ?? `HTTP ${status}`;
  if (response === null) return { description: standard };
  // A file or an export: its media type says what it is, and no JSON Schema would add to that.
  if (isRaw(response)) {
    const types =
      typeof response.contentType === 'string' ? [response.contentType] : response.contentType;
    return {
      description: response.description,
      content: Object.fromEntries(types.map((type) => [type, {}])),
    };
  }
  return {
    description: response.description ?? standard,
    content: { 'application/json': { schema: schemas.convert(response, 'output', hint) } },
  };
}
