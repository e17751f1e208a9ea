import { Agent, get } from 'node:http';
import fc from 'fast-check';
import request from 'supertest';
import { as, rowCounts, signUp } from '../support/factories';
import { startTestServer, useServerWithDatabase } from '../support/test-server';

const stack = useServerWithDatabase();

const api = () => request(stack.server.url);

describe('request hygiene', () => {
  it('answers malformed JSON with 400 and a body over 1 MB with 413', async () => {
    const malformed = await api()
      .post('/api/auth/sign-in')
      .set('content-type', 'application/json')
      .send('{"email":')
      .expect(400);
    expect(malformed.body.error.code).toBe('malformed-json');
    const huge = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) });
    const tooLarge = await api()
      .post('/api/auth/sign-in')
      .set('content-type', 'application/json')
      .send(huge)
      .expect(413);
    expect(tooLarge.body.error.code).toBe('payload-too-large');
  });

  it('answers an unknown API path with a JSON 404, never the web app', async () => {
    const res = await api().get('/api/no/such/thing').expect(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.error.code).toBe('not-found');
    await api().delete('/api/auth/session').expect(404);
  });

  it('answers any other unknown path with a JSON 404, never an HTML page', async () => {
    for (const res of [await api().get('/no/such/page'), await api().post('/nothing').send('x')]) {
      expect({ status: res.status, type: res.headers['content-type'] }).toEqual({
        status: 404,
        type: 'application/json; charset=utf-8',
      });
      expect(res.body.error.code).toBe('not-found');
    }
  });

  it('refuses state-changing requests from another origin', async () => {
    const member = await signUp(stack.server);
    const res = await as(stack.server, member)
      .post('/auth/sign-out')
      .set('origin', 'https://evil.example')
      .expect(403);
    expect(res.body.error.code).toBe('forbidden-origin');
    await as(stack.server, member)
      .get('/auth/session')
      .expect(200)
      .expect((r) => {
        expect(r.body.isAuthenticated).toBe(true);
      });
    await as(stack.server, member)
      .post('/auth/sign-out')
      .set('origin', 'http://localhost:8080')
      .expect(204);
  });

  it('sends a Content-Security-Policy and a request id', async () => {
    const res = await api().get('/api/auth/session').set('x-request-id', 'trace-123').expect(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-request-id']).toBe('trace-123');
  });

  it('validates query strings and bodies of endpoints that take none', async () => {
    const member = await signUp(stack.server);
    const res = await as(stack.server, member)
      .post('/auth/sign-out', { unexpected: true })
      .expect(400);
    expect(res.body.error.code).toBe('validation');
    await as(stack.server, member).post('/auth/sign-out', []).expect(400);
    const badParam = await as(stack.server, member)
      .post('/admin/users/not-a-uuid/disable')
      .expect(403);
    expect(badParam.body.error.code).toBe('forbidden');
  });

  it('keeps an idle connection open past the 5 s a client may not expect it to close', async () => {
    let opened = 0;
    const count = () => {
      opened += 1;
    };
    stack.server.http.on('connection', count);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const ask = () =>
        new Promise<number>((resolve, reject) => {
          get(`${stack.server.url}/healthz`, { agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          }).on('error', reject);
        });
      expect(await ask()).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await ask()).toBe(200);
      expect(opened).toBe(1);
    } finally {
      agent.destroy();
      stack.server.http.off('connection', count);
    }
  }, 30_000);

  it('answers an unknown member in the test route with 404 and a bad one with 400', async () => {
    await api()
      .post('/api/test/badge-events')
      .send({ userId: '00000000-0000-4000-8000-000000000000', counter: 'messages' })
      .expect(404);
    await api()
      .post('/api/test/badge-events')
      .send({ userId: 'x', counter: 'messages' })
      .expect(400);
  });
});

describe('the route guard setting', () => {
  it('tells the web app whether the guard is on, and AUTH_GUARD=off turns it off', async () => {
    await api().get('/api/config').expect(200, { authGuard: true });
    const open = await startTestServer(stack.database.url, { env: { AUTH_GUARD: 'off' } });
    try {
      await request(open.url).get('/api/config').expect(200, { authGuard: false });
    } finally {
      await open.close();
    }
  });
});

describe('behind https', () => {
  it('marks the session cookie Secure when the public address is https', async () => {
    const secure = await startTestServer(stack.database.url, {
      env: { PUBLIC_URL: 'https://agora.example' },
    });
    try {
      const res = await request(secure.url)
        .post('/api/auth/sign-up')
        .send({ username: 'secure_member', email: 'secure@example.com', password: 'Secret123' })
        .expect(201);
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(res.headers['strict-transport-security']).toBeDefined();
    } finally {
      await secure.close();
    }
  });
});

describe('random bodies to every auth endpoint', () => {
  const endpoints = [
    '/api/auth/sign-up',
    '/api/auth/sign-in',
    '/api/auth/sign-out',
    '/api/auth/password-reset',
    '/api/auth/password-reset/confirm',
  ];

  const tables = ['events', 'users', 'sessions', 'email_outbox', 'password_reset_tokens'];

  it('answer 4xx and write nothing', async () => {
    // Keys the real schemas use, so random bodies sometimes come close to valid ones.
    const key = fc.constantFrom(
      'email',
      'password',
      'username',
      'token',
      'rememberMe',
      'extra',
      '__proto__',
    );
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom('a@b', 'someone@example.com', 'Secret1', 'ab', ''),
      fc.array(fc.string(), { maxLength: 3 }),
    );
    const body = fc.oneof(
      fc.dictionary(key, value, { maxKeys: 5 }),
      fc.jsonValue(),
      fc.string().map((s) => ({ raw: s })),
    );
    const before = await rowCounts(stack.database.db, tables);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), body, async (endpoint, payload) => {
        const res = await api()
          .post(endpoint)
          .set('content-type', 'application/json')
          .send(JSON.stringify(payload));
        // Sign-out without a session succeeds and writes nothing; everything else must be refused.
        if (endpoint === '/api/auth/sign-out' && res.status === 204) return;
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(typeof res.body.error?.message).toBe('string');
      }),
      { numRuns: 150 },
    );
    expect(await rowCounts(stack.database.db, tables)).toEqual(before);
  });
});
