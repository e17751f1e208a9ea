import { z } from 'zod';
import { buildOpenApiDocument, type OpenApiDocument } from '../../server/http/openapi/document';
import { defineRoute, type AnyRouteSpec } from '../../server/http/route-spec';
import { openApiProblems } from '../support/openapi-validation';

const handler = async () => {};

// Named schemas become components; a recursive one without a name does too.
const friend = z
  .object({ id: z.uuid(), username: z.string(), since: z.iso.datetime() })
  .meta({ id: 'Friend' });
interface Comment {
  text: string;
  replies: Comment[];
}
const comment: z.ZodType<Comment> = z.object({
  text: z.string(),
  get replies() {
    return z.array(comment);
  },
});

const routes: AnyRouteSpec[] = [
  defineRoute({
    method: 'patch',
    path: '/friends/:userId/permissions',
    summary: 'Change what a friend may do',
    auth: 'member',
    params: z.strictObject({ userId: z.uuid().describe('The friend') }),
    body: z.strictObject({ canMessage: z.boolean(), note: z.string().max(200).default('') }),
    responses: { 200: friend },
    errors: [404, 409],
    handler,
  }),
  defineRoute({
    method: 'get',
    path: '/friends',
    summary: 'My friends',
    auth: 'member',
    responses: { 200: z.array(friend) },
    handler,
  }),
  defineRoute({
    method: 'get',
    path: '/logs',
    summary: 'Search the logs',
    auth: 'owner',
    query: z.object({
      level: z.enum(['info', 'warn', 'error']).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(50),
      q: z.string(),
    }),
    responses: {
      // A transform's output and a date have no JSON Schema: documented as any value.
      200: z.object({ at: z.date(), lines: z.array(z.string()).transform((l) => l.length) }),
    },
    handler,
  }),
  defineRoute({
    method: 'get',
    path: '/logs/export',
    summary: 'Export the logs',
    auth: 'owner',
    responses: {
      200: {
        description: 'The lines',
        contentType: ['application/json', 'text/csv', 'text/plain'],
      },
    },
    handler,
  }),
  defineRoute({
    method: 'post',
    path: '/auth/sign-in',
    summary: 'Sign in',
    auth: 'public',
    body: z.object({
      email: z.email(),
      password: z.string().refine((p) => p.length > 0, 'Enter your password'),
    }),
    responses: { 200: z.object({ id: z.uuid() }) },
    errors: [429],
    handler,
  }),
  defineRoute({
    method: 'delete',
    path: '/friends/requests/:id',
    summary: 'Cancel a friend request',
    auth: 'member',
    responses: { 204: null },
    handler,
  }),
  defineRoute({
    method: 'post',
    path: '/me/comments',
    tag: 'comments',
    summary: 'Post a comment thread',
    auth: 'member',
    body: comment.optional(),
    responses: { 201: comment },
    handler,
  }),
  defineRoute({
    method: 'get',
    path: '/me/password-rules',
    summary: 'What a new password must be',
    auth: 'member',
    openDuringPasswordRotation: true,
    responses: { 200: z.object({ minLength: z.number() }) },
    handler,
  }),
  defineRoute({
    method: 'post',
    path: '/test/users/:id/role',
    summary: 'Give a member a role',
    auth: 'public',
    testOnly: true,
    params: z.object({ id: z.uuid() }),
    body: z.object({ role: z.enum(['member', 'owner']) }),
    responses: { 204: null },
    handler,
  }),
];

/** As served: what JSON keeps of the document. */
const build = (specs: readonly AnyRouteSpec[] = routes): OpenApiDocument =>
  JSON.parse(JSON.stringify(buildOpenApiDocument(specs, { title: 'Test API', version: '1.2.3' })));

describe('OpenAPI document', () => {
  const doc = build();
  const op = (path: string, method: 'get' | 'post' | 'patch' | 'delete') => {
    const operation = doc.paths[path]?.[method];
    if (!operation) throw new Error(`no ${method} ${path} in the document`);
    return operation;
  };

  it('is valid OpenAPI 3.1: structure, references, schemas and path templates', async () => {
    expect(await openApiProblems(doc)).toEqual([]);
    expect(doc.servers).toEqual([{ url: '/api' }]);
    expect(doc.info).toEqual({ title: 'Test API', version: '1.2.3' });
  });

  it('writes Express paths as OpenAPI templates, parameters from the zod objects', () => {
    expect(Object.keys(doc.paths)).toEqual([
      '/friends/{userId}/permissions',
      '/friends',
      '/logs',
      '/logs/export',
      '/auth/sign-in',
      '/friends/requests/{id}',
      '/me/comments',
      '/me/password-rules',
      '/test/users/{id}/role',
    ]);
    expect(op('/friends/{userId}/permissions', 'patch').parameters).toEqual([
      {
        name: 'userId',
        in: 'path',
        required: true,
        description: 'The friend',
        schema: expect.objectContaining({ type: 'string', format: 'uuid' }),
      },
    ]);
    const query = op('/logs', 'get').parameters ?? [];
    expect(query.map((p) => [p.name, p.in, p.required])).toEqual([
      ['level', 'query', false],
      ['limit', 'query', false],
      ['q', 'query', true],
    ]);
    expect(query[1]!.schema).toMatchObject({ type: 'integer', default: 50, maximum: 500 });
    // A path parameter the route declares no schema for is still part of the URL.
    expect(op('/friends/requests/{id}', 'delete').parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    expect(op('/friends', 'get').parameters).toBeUndefined();
  });

  it('describes request bodies as clients send them', () => {
    const body = op('/friends/{userId}/permissions', 'patch').requestBody;
    expect(body?.required).toBe(true);
    expect(body?.content['application/json']?.schema).toEqual({
      type: 'object',
      properties: {
        canMessage: { type: 'boolean' },
        note: { type: 'string', maxLength: 200, default: '' },
      },
      required: ['canMessage'],
      additionalProperties: false,
    });
    expect(op('/me/comments', 'post').requestBody?.required).toBe(false);
    expect(op('/friends', 'get').requestBody).toBeUndefined();
  });

  it('describes success answers: JSON by schema, no content, or a raw media type', () => {
    const patch = op('/friends/{userId}/permissions', 'patch').responses['200'];
    expect(patch).toEqual({
      description: 'OK',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Friend' } } },
    });
    expect(doc.components.schemas.Friend).toMatchObject({
      type: 'object',
      required: ['id', 'username', 'since'],
    });
    expect(op('/friends/requests/{id}', 'delete').responses['204']).toEqual({
      description: 'No Content',
    });
    expect(op('/logs/export', 'get').responses['200']).toEqual({
      description: 'The lines',
      content: { 'application/json': {}, 'text/csv': {}, 'text/plain': {} },
    });
    expect(op('/logs', 'get').responses['200']).toMatchObject({
      content: {
        'application/json': {
          schema: { properties: { at: {}, lines: {} }, required: ['at', 'lines'] },
        },
      },
    });
  });

  it('keeps a recursive schema as a component its own refs resolve to', () => {
    const schema = op('/me/comments', 'post').responses['201'];
    expect(schema).toEqual({
      description: 'Created',
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/postMeComments201' } },
      },
    });
    expect(doc.components.schemas.postMeComments201).toMatchObject({
      properties: { replies: { items: { $ref: '#/components/schemas/postMeComments201' } } },
    });
    expect(JSON.stringify(doc)).not.toContain('#/$defs');
  });

  it('states each route’s auth and the errors it may answer', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      cookieAuth: { type: 'apiKey', in: 'cookie', name: 'agora_session' },
      bearerAuth: { type: 'http', scheme: 'bearer' },
    });
    const statuses = (path: string, method: 'get' | 'post' | 'patch' | 'delete') =>
      Object.keys(op(path, method).responses);

    // Public, but a write: another site's page is refused, a body may be too big or unreadable;
    // and a bearer token that cannot be used, lacks the scope or comes too often is refused on
    // public routes too.
    expect(op('/auth/sign-in', 'post').security).toEqual([]);
    expect(statuses('/auth/sign-in', 'post')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '413',
      '415',
      '429',
      '503',
    ]);
    expect(op('/auth/sign-in', 'post').responses['429']).toEqual({
      $ref: '#/components/responses/TooManyRequests',
    });
    expect(doc.components.responses.TooManyRequests?.headers).toHaveProperty('Retry-After');
    expect(doc.components.responses.Unavailable?.headers).toHaveProperty('Retry-After');

    // Signed in: 401 without a session, 403 while the password must be changed; 404 by its id.
    expect(op('/friends/{userId}/permissions', 'patch').security).toEqual([
      { cookieAuth: [] },
      { bearerAuth: ['write'] },
    ]);
    expect(statuses('/friends/{userId}/permissions', 'patch')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '415',
      '429',
      '503',
    ]);
    expect(statuses('/friends', 'get')).toEqual(['200', '400', '401', '403', '429', '503']);
    expect(statuses('/friends/requests/{id}', 'delete')).toEqual([
      '204',
      '400',
      '401',
      '403',
      '404',
      '413',
      '415',
      '429',
      '503',
    ]);
    // Open while the password must be changed, and a read: only a token without the scope is 403.
    expect(statuses('/me/password-rules', 'get')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '429',
      '503',
    ]);

    expect(op('/logs', 'get').security).toEqual([{ cookieAuth: [] }, { bearerAuth: ['admin'] }]);
    expect(statuses('/logs', 'get')).toEqual(['200', '400', '401', '403', '429', '503']);
    expect(op('/logs', 'get').description).toContain('Owner accounts only.');

    const forbidden = doc.components.responses.Forbidden?.description ?? '';
    for (const code of ['password_rotation_required', 'forbidden-origin', 'forbidden']) {
      expect(forbidden).toContain(`\`${code}\``);
    }
    expect(doc.components.responses.Unavailable?.description).toContain('`unavailable`');
    expect(doc.components.responses.PayloadTooLarge?.description).toContain('1 MB');
    // One shared response per status, not a copy per operation.
    expect(Object.keys(doc.components.responses).sort()).toEqual([
      'BadRequest',
      'Conflict',
      'Forbidden',
      'NotFound',
      'PayloadTooLarge',
      'TooManyRequests',
      'Unauthorized',
      'Unavailable',
      'UnsupportedMediaType',
    ]);

    expect(doc.components.responses.BadRequest?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/ApiError',
    });
    expect(doc.components.schemas.ApiError).toMatchObject({
      properties: { error: { required: ['code', 'message'] } },
    });
  });

  it('declares the scope an API token needs for each operation', () => {
    const scoped = build([
      ...routes,
      defineRoute({
        method: 'get',
        path: '/conversations',
        summary: 'Conversations',
        auth: 'member',
        scope: 'messages',
        responses: { 204: null },
        handler,
      }),
      defineRoute({
        method: 'post',
        path: '/me/api-tokens',
        summary: 'Makes a token',
        auth: 'member',
        scope: 'session',
        responses: { 204: null },
        handler,
      }),
    ]);
    const operation = (path: string, method: 'get' | 'post' | 'patch') =>
      scoped.paths[path]![method]!;
    const scope = (path: string, method: 'get' | 'post' | 'patch') =>
      operation(path, method)['x-required-scope'];
    expect(scope('/friends', 'get')).toBe('read');
    expect(scope('/friends/{userId}/permissions', 'patch')).toBe('write');
    expect(scope('/logs', 'get')).toBe('admin');
    expect(scope('/conversations', 'get')).toBe('messages');
    expect(operation('/conversations', 'get').security).toEqual([
      { cookieAuth: [] },
      { bearerAuth: ['messages'] },
    ]);
    expect(operation('/conversations', 'get').description).toContain('the `messages` scope');
    expect(scope('/me/api-tokens', 'post')).toBe('session');
    expect(operation('/me/api-tokens', 'post').security).toEqual([{ cookieAuth: [] }]);
    expect(operation('/me/api-tokens', 'post').description).toContain('`403 session-required`');
  });

  it('names operations by method and path, tags them by first segment, test routes as test', () => {
    expect(op('/friends/{userId}/permissions', 'patch').operationId).toBe(
      'patchFriendsByUserIdPermissions',
    );
    expect(op('/friends/requests/{id}', 'delete').operationId).toBe('deleteFriendsRequestsById');
    expect(op('/friends', 'get').tags).toEqual(['friends']);
    expect(op('/me/comments', 'post').tags).toEqual(['comments']);
    expect(op('/test/users/{id}/role', 'post').tags).toEqual(['test']);
    expect(doc.tags.map((t) => t.name)).toEqual([
      'friends',
      'logs',
      'auth',
      'comments',
      'me',
      'test',
    ]);
    const ids = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).map((o) => o.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is checked by validators that do refuse a wrong document', async () => {
    const broken = build();
    const schema = { type: 'text' };
    broken.paths['/friends']!.get!.responses['200'] = {
      description: 'OK',
      content: { 'application/json': { schema } },
    };
    broken.paths['/friends/requests/{id}']!.delete!.parameters = [];
    expect(await openApiProblems(broken)).toEqual([
      expect.stringContaining(
        '#/paths/~1friends/get/responses/200/content/application~1json/schema',
      ),
      'DELETE /friends/requests/{id}: path parameters ',
    ]);
    const unresolved = build();
    unresolved.components.schemas = {};
    expect((await openApiProblems(unresolved)).join()).toContain("Can't resolve");
  });

  it('refuses what it could only describe wrongly', () => {
    const [first] = routes;
    expect(() => build([first!, first!])).toThrow(
      'Two routes declare PATCH /friends/:userId/permissions',
    );
    const stray = defineRoute({
      method: 'get',
      path: '/friends/:id',
      summary: 'Stray',
      auth: 'member',
      params: z.object({ id: z.uuid(), other: z.string() }),
      responses: { 200: null },
      handler,
    });
    expect(() => build([stray])).toThrow('params other not in the path');
    const list = defineRoute({
      method: 'get',
      path: '/x',
      summary: 'Not an object',
      auth: 'public',
      query: z.array(z.string()),
      responses: { 200: null },
      handler,
    });
    expect(() => build([list])).toThrow('GET /x: query must be a zod object');
  });
});
