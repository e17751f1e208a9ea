import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ResponseContract, type ObservedResponse } from '../support/openapi-responses';
import { checkResponsesOf, takeResponseProblems } from '../support/response-checks';

const apiError = { $ref: '#/components/responses/NotFound' };
const document = {
  openapi: '3.1.0',
  info: { title: 'Test', version: '1' },
  servers: [{ url: '/api' }],
  paths: {
    '/users/{id}': {
      get: {
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } },
          },
          '404': apiError,
        },
      },
      delete: { responses: { '204': { description: 'No Content' }, '404': apiError } },
    },
    '/users/me': {
      get: {
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { schema: { type: 'null' } } },
          },
        },
      },
    },
    '/export': {
      get: {
        responses: {
          '200': { description: 'A file', content: { 'text/csv': {}, 'application/zip': {} } },
        },
      },
    },
  },
  components: {
    schemas: {
      User: {
        type: 'object',
        properties: {
          id: { type: 'string', format: 'uuid' },
          canManage: { type: 'boolean' },
        },
        required: ['id', 'canManage'],
        additionalProperties: false,
      },
      ApiError: {
        type: 'object',
        properties: {
          error: {
            type: 'object',
            properties: { code: { type: 'string' }, message: { type: 'string' } },
            required: ['code', 'message'],
          },
        },
        required: ['error'],
      },
    },
    responses: {
      NotFound: {
        description: 'Not found',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
      },
    },
  },
};

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const notFound = JSON.stringify({ error: { code: 'not-found', message: 'No such user' } });

const answer = (over: Partial<ObservedResponse>): ObservedResponse => ({
  method: 'GET',
  path: `/api/users/${ID}`,
  status: 200,
  contentType: 'application/json; charset=utf-8',
  hasBody: true,
  text: JSON.stringify({ id: ID, canManage: false }),
  ...over,
});

describe('checking answers against the API document', () => {
  const contract = new ResponseContract(document);

  it('accepts what the document describes', () => {
    expect(contract.problemOf(answer({}))).toBeNull();
    expect(contract.problemOf(answer({ status: 404, text: notFound }))).toBeNull();
    expect(
      contract.problemOf(
        answer({
          method: 'DELETE',
          status: 204,
          contentType: undefined,
          hasBody: false,
          text: undefined,
        }),
      ),
    ).toBeNull();
    expect(
      contract.problemOf(
        answer({ path: '/api/export', contentType: 'application/zip', text: undefined }),
      ),
    ).toBeNull();
    // Express answers HEAD with the GET route, without the body.
    expect(
      contract.problemOf(answer({ method: 'HEAD', hasBody: false, text: undefined })),
    ).toBeNull();
  });

  it('routes a literal segment before a parameter, as Express mounts them', () => {
    expect(contract.problemOf(answer({ path: '/api/users/me', text: 'null' }))).toBeNull();
    expect(contract.problemOf(answer({ path: '/api/users/me' }))).toContain('must be null');
  });

  it('refuses a body its schema does not allow', () => {
    const problem = contract.problemOf(
      answer({ text: JSON.stringify({ id: ID, canManage: null }) }),
    );
    expect(problem).toContain(`GET /api/users/${ID} answered 200`);
    expect(problem).toContain('body/canManage must be boolean');
    expect(
      contract.problemOf(answer({ text: JSON.stringify({ id: 'x', canManage: true }) })),
    ).toContain('must match format "uuid"');
    expect(contract.problemOf(answer({ status: 404, text: '{"error":{}}' }))).toContain(
      "must have required property 'code'",
    );
    expect(contract.problemOf(answer({ text: '<html>' }))).toContain('the body is not JSON');
  });

  it('refuses a status the operation does not list', () => {
    expect(contract.problemOf(answer({ status: 401, text: notFound }))).toContain(
      'GET /users/{id} lists only 200, 404',
    );
  });

  it('refuses a media type the status does not list, and a body where none is described', () => {
    expect(
      contract.problemOf(
        answer({ path: '/api/export', contentType: 'text/plain', text: undefined }),
      ),
    ).toContain('as text/plain, but GET /export 200 is text/csv, application/zip');
    expect(contract.problemOf(answer({ contentType: 'text/html' }))).toContain('as text/html');
    expect(contract.problemOf(answer({ method: 'DELETE', status: 204 }))).toContain('with a body');
    expect(contract.problemOf(answer({ contentType: undefined }))).toContain(
      'without a Content-Type',
    );
  });

  it('wants the API error of a path no operation takes', () => {
    expect(
      contract.problemOf(answer({ path: '/api/nothing', status: 404, text: notFound })),
    ).toBeNull();
    expect(contract.problemOf(answer({ method: 'PATCH', status: 404, text: notFound }))).toBeNull();
    expect(contract.problemOf(answer({ path: '/api/nothing', status: 200 }))).toContain(
      'no GET operation there',
    );
    expect(
      contract.problemOf(
        answer({ path: '/api/nothing', status: 404, contentType: 'text/html', text: undefined }),
      ),
    ).toContain('an API refusal is an ApiError in JSON');
  });

  it('records what a running server answers, JSON bodies whole however they are written', async () => {
    const server = createServer((req, res) => {
      if (req.url === `/api/users/${ID}`) {
        res.setHeader('content-type', 'application/json');
        res.write('{"id":"');
        res.end(`${ID}","canManage":null}`);
      } else if (req.url === '/healthz') {
        res.end('ok');
      } else {
        res.statusCode = 404;
        res.setHeader('content-type', 'text/html');
        res.end('<p>Cannot GET</p>');
      }
    });
    checkResponsesOf(server, contract);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await (await fetch(`${url}/api/users/${ID}`)).text();
      await (await fetch(`${url}/healthz`)).text();
      await (await fetch(`${url}/elsewhere`)).text();
      expect(takeResponseProblems()).toEqual([
        expect.stringContaining('body/canManage must be boolean'),
        'GET /elsewhere is neither in the API document nor outside the API',
      ]);
      expect(takeResponseProblems()).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
