import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { ConcurrencyError } from '../../server/eventstore/errors';
import { createErrorHandler } from '../../server/http/error-handler';

function appThrowing(error: unknown) {
  const app = express();
  app.use((req, _res, next) => {
    req.log = pino({ level: 'silent' });
    next();
  });
  app.get('/', () => {
    throw error;
  });
  app.use(createErrorHandler());
  return app;
}

describe('error handler', () => {
  it('answers a version conflict with 409 conflict', async () => {
    const res = await request(appThrowing(new ConcurrencyError('user-1', 2, 3)))
      .get('/')
      .expect(409);
    expect(res.body.error.code).toBe('conflict');
  });

  it('hides unexpected errors behind a 500', async () => {
    const res = await request(appThrowing(new Error('secret detail')))
      .get('/')
      .expect(500);
    expect(res.body.error.code).toBe('internal');
    expect(JSON.stringify(res.body)).not.toContain('secret detail');
  });
});
