import { SESSION_COOKIE } from '../../../shared/constants';
import { apiErrorSchema } from '../../../shared/api/errors';
import { API_TOKEN_PREFIX } from '../../../shared/api-tokens/scopes';
import {
  requiredScope,
  type AnyRouteSpec,
  type RouteScope,
  type StreamedBody,
} from '../route-spec';
import { operationIdOf, toOpenApiPath } from './express-path';
import { SchemaComponents, type JsonSchema } from './json-schema';
import { parametersOf, type ParameterObject } from './parameters';
import { errorResponse, errorStatuses, successResponse, type ResponseObject } from './responses';

export interface ApiInfo {
  title: string;
  version: string;
  description?: string;
}

type Reference = { $ref: string };

interface OperationObject {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Array<Record<string, string[]>>;
  /** What an API token needs for the operation: a scope, or `session` when tokens are refused. */
  'x-required-scope': RouteScope;
  parameters?: ParameterObject[];
  requestBody?: {
    required: boolean;
    description?: string;
    content: Record<string, { schema: JsonSchema }>;
  };
  responses: Record<string, ResponseObject | Reference>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: ApiInfo;
  servers: Array<{ url: string }>;
  tags: Array<{ name: string; description?: string }>;
  paths: Record<string, Partial<Record<AnyRouteSpec['method'], OperationObject>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, ResponseObject>;
    securitySchemes: {
      cookieAuth: { type: 'apiKey'; in: 'cookie'; name: string; description: string };
      bearerAuth: { type: 'http'; scheme: 'bearer'; bearerFormat: string; description: string };
    };
  };
}

const TEST_TAG = 'test';
const TAG_DESCRIPTIONS: Record<string, string> = {
  [TEST_TAG]: 'Helpers for tests, mounted only when `ENABLE_TEST_ROUTES` is on.',
};

function tagOf(spec: AnyRouteSpec): string {
  if (spec.testOnly) return TEST_TAG;
  return spec.tag ?? spec.path.split('/').find(Boolean) ?? 'api';
}

/** The operation's credentials: the cookie, and a bearer token with the scope, where it may. */
function securityOf(spec: AnyRouteSpec, scope: RouteScope): OperationObject['security'] {
  if (spec.auth === 'public') return [];
  if (scope === 'session') return [{ cookieAuth: [] }];
  return [{ cookieAuth: [] }, { bearerAuth: [scope] }];
}

function tokenNote(scope: RouteScope): string {
  return scope === 'session'
    ? 'Needs a signed-in browser session: API tokens are refused (`403 session-required`).'
    : `API tokens need the \`${scope}\` scope.`;
}

function descriptionOf(spec: AnyRouteSpec, scope: RouteScope): string {
  const notes = [
    spec.description,
    spec.auth === 'owner' ? 'Owner accounts only.' : undefined,
    spec.auth === 'moderator' ? 'Moderators and owners only.' : undefined,
    spec.testOnly ? 'Mounted only when `ENABLE_TEST_ROUTES` is on.' : undefined,
    tokenNote(scope),
  ].filter(Boolean);
  return notes.join('\n\n');
}

/** JSON as clients send it; optional only when the schema accepts a request without a body. */
function requestBodyOf(
  body: NonNullable<AnyRouteSpec['body']>,
  schemas: SchemaComponents,
  operationId: string,
): NonNullable<OperationObject['requestBody']> {
  return {
    required: !body.safeParse(undefined).success,
    content: {
      'application/json': { schema: schemas.convert(body, 'input', `${operationId}Body`) },
    },
  };
}

function streamedBodyOf(body: StreamedBody): NonNullable<OperationObject['requestBody']> {
  const binary = { type: 'string', format: 'binary' } as const;
  const schema =
    body.contentType === 'multipart/form-data'
      ? {
          type: 'object' as const,
          properties: Object.fromEntries(
            Object.entries(body.fields ?? {}).map(([name, field]) => [
              name,
              field.binary
                ? { ...binary, description: field.description }
                : { type: 'string' as const, description: field.description },
            ]),
          ),
        }
      : binary;
  return {
    required: true,
    description: body.description,
    content: { [body.contentType]: { schema } },
  };
}

/** Builds the operation of one route; shared error responses are added to `errorComponents`. */
function operationOf(
  spec: AnyRouteSpec,
  operationId: string,
  schemas: SchemaComponents,
  errorComponents: Record<string, ResponseObject>,
): OperationObject {
  const responses: OperationObject['responses'] = {};
  for (const [status, response] of Object.entries(spec.responses)) {
    const hint = `${operationId}${status}`;
    responses[status] = successResponse(Number(status), response, schemas, hint);
  }
  for (const status of errorStatuses(spec)) {
    if (responses[status]) {
      throw new Error(
        `${spec.method.toUpperCase()} ${spec.path}: ${status} is a success and an error`,
      );
    }
    const { name, response } = errorResponse(status);
    errorComponents[name] = response;
    responses[status] = { $ref: `#/components/responses/${name}` };
  }
  const parameters = parametersOf(spec, schemas, operationId);
  const scope = requiredScope(spec);
  return {
    operationId,
    tags: [tagOf(spec)],
    summary: spec.summary,
    description: descriptionOf(spec, scope),
    security: securityOf(spec, scope),
    'x-required-scope': scope,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(spec.body ? { requestBody: requestBodyOf(spec.body, schemas, operationId) } : {}),
    ...(spec.streamedBody ? { requestBody: streamedBodyOf(spec.streamedBody) } : {}),
    responses,
  };
}

/**
 * The OpenAPI 3.1 document of exactly the routes given, in their order: what is mounted is what
 * is described, from the same zod schemas that validate each request.
 */
export function buildOpenApiDocument(
  routes: readonly AnyRouteSpec[],
  info: ApiInfo,
): OpenApiDocument {
  const schemas = new SchemaComponents();
  schemas.named('ApiError', apiErrorSchema, 'output');
  const errorComponents: Record<string, ResponseObject> = {};
  const paths: OpenApiDocument['paths'] = {};
  const tags: string[] = [];
  const operationIds = new Set<string>();

  for (const spec of routes) {
    const item = (paths[toOpenApiPath(spec.path)] ??= {});
    if (item[spec.method]) {
      throw new Error(`Two routes declare ${spec.method.toUpperCase()} ${spec.path}`);
    }
    // `/a-b` and `/a/b` read the same in camelCase; the later route gets a number.
    const base = operationIdOf(spec.method, spec.path);
    let operationId = base;
    for (let n = 2; operationIds.has(operationId); n += 1) operationId = `${base}${n}`;
    operationIds.add(operationId);

    const operation = operationOf(spec, operationId, schemas, errorComponents);
    item[spec.method] = operation;
    for (const tag of operation.tags) if (!tags.includes(tag)) tags.push(tag);
  }

  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: '/api' }],
    tags: tags.map((name) =>
      TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name },
    ),
    paths,
    components: {
      schemas: schemas.schemas,
      responses: errorComponents,
      securitySchemes: {
        cookieAuth: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session of a member signed in from a browser.',
        },
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${API_TOKEN_PREFIX}…`,
          description:
            'A personal access token made in Profile Settings → API tokens. The scopes an ' +
            'operation lists are what the token needs (`x-required-scope` says it too): `read` ' +
            'for GET, `write` for other methods, `messages` for conversations, `admin` for owner ' +
            'routes. A request with a token is judged by the token alone, its cookie ignored.',
        },
      },
    },
  };
}
