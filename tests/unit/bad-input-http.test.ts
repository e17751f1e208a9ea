import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { createErrorHandler } from '../../server/http/error-handler';
import { JSON_DEPTH_LIMIT, jsonDepthLimit, nestedDeeperThan } from '../../server/http/json-depth';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

function appWith(route: express.RequestHandler) {
  const app = express();
  app.use((req, _res, next) => {
    req.log = pino({ level: 'silent' });
    next();
  });
  app.use(express.json({ limit: '1mb' }));
  app.use(jsonDepthLimit());
  app.post('/', route);
  app.use(createErrorHandler());
  return app;
}

describe('the JSON depth limit', () => {
  it('counts objects and arrays, not scalars', () => {
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan(nested(JSON_DEPTH_LIMIT), JSON_DEPTH_LIMIT)).toBe(false);
    expect(nestedDeeperThan(nested(JSON_DEPTH_LIMIT + 1), JSON_DEPTH_LIMIT)).toBe(true);
    expect(nestedDeeperThan(nested(100_000), JSON_DEPTH_LIMIT)).toBe(true);
  });

  it('answers a body nested too deeply with 400 before the route runs', async () => {
    let reached = 0;
    const app = appWith((_req, res) => {
      reached += 1;
      res.status(204).end();
    });
    const deep = '['.repeat(1000) + ']'.repeat(1000);
    const res = await request(app)
      .post('/')
      .set('content-type', 'application/json')
      .send(deep)
      .expect(400);
    expect(res.body.error).toEqual({
      code: 'too-deeply-nested',
      message: `The request body is nested more than ${JSON_DEPTH_LIMIT} levels deep.`,
    });
    await request(app)
      .post('/')
      .send({ a: [1, { b: 2 }] })
      .expect(204);
    expect(reached).toBe(1);
  });
});

describe('a Postgres data exception', () => {
  const failWith = (code: string) =>
    appWith(() => {
      throw Object.assign(new Error('database said no'), { code, severity: 'ERROR' });
    });

  it.each(['22P02', '22003', '22P05', '22021', '22001', '22007', '22008', '2201E'])(
    'answers %s with 400 bad-request, never 500',
    async (code) => {
      const res = await request(failWith(code)).post('/').send({}).expect(400);
      expect(res.body.error.code).toBe('bad-request');
      expect(JSON.stringify(res.body)).not.toContain('database said no');
    },
  );

  it('leaves other database failures to the 500 branch', async () => {
    const res = await request(failWith('42P01')).post('/').send({}).expect(500);
    expect(res.body.error.code).toBe('internal');
  });
});
