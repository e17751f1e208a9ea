import { STATUS_CODES } from 'node:http';
import type { AnyRouteSpec, RawResponse, ResponseSpec } from '../route-spec';
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
      'such as `weak-password`) with `fields` mapping each refused field to its message, or ' +
      '`malformed-json`.',
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
      'Signed in but not allowed: `forbidden`, or a code naming why (e.g. `blocked`). With a ' +
      'bearer token: `insufficient-scope` (the message names the scope) or `session-required`.',
  },
  404: {
    name: 'NotFound',
    description: '`not-found`: it does not exist, or the caller may not see it.',
  },
  409: { name: 'Conflict', description: 'It conflicts with the current state (see `code`).' },
  429: {
    name: 'TooManyRequests',
    description: 'A limit was exceeded (see `code`); `Retry-After` says when to try again.',
    retry: true,
  },
  503: {
    name: 'Unavailable',
    description: '`unavailable` for now; `Retry-After`, when sent, says when to try again.',
    retry: true,
  },
};

/**
 * Every refusal a route may answer: bad input always, then by its auth, then its own. Any route
 * may refuse a bearer token (401 when it cannot be used, 403 without the scope), public ones too.
 */
export function errorStatuses(spec: AnyRouteSpec): number[] {
  return [...new Set([400, 401, 403, ...(spec.errors ?? [])])].sort((a, b) => a - b);
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
  if (isRaw(response))
    return { description: response.description, content: { [response.contentType]: {} } };
  return {
    description: response.description ?? standard,
    content: { 'application/json': { schema: schemas.convert(response, 'output', hint) } },
  };
}
