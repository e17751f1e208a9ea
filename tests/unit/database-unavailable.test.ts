import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { isConnectionFailure } from '../../server/db/connection-errors';
import { createErrorHandler } from '../../server/http/error-handler';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isConnectionFailure', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:54329')],
    ['a reset connection', withCode('ECONNRESET')],
    ['an administrator shutdown (57P01)', withCode('57P01')],
    ['a crash shutdown (57P02)', withCode('57P02')],
    ['a database starting up (57P03)', withCode('57P03')],
    ['a connection exception (08006)', withCode('08006')],
    ['a closed connection', new Error('Connection terminated unexpectedly')],
    ['the pool’s connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a client connect timeout', new Error('Connection terminated due to connection timeout')],
    [
      'every address refusing',
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'all failed'),
    ],
    ['a wrapped cause', new Error('query failed', { cause: withCode('ECONNREFUSED') })],
  ])('is true for %s', (_name, error) => {
    expect(isConnectionFailure(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', withCode('23505')],
    ['a data exception (22P02)', withCode('22P02')],
    ['a plain error', new Error('boom')],
    ['undefined', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('is false for %s', (_name, error) => {
    expect(isConnectionFailure(error)).toBe(false);
  });
});

function appThrowing(error: unknown) {
  const app = express();
  app.use((req, _res, next) => {
    req.log = pino({ level: 'silent' });
    next();
  });
  app.get('/', () => {
    throw error;
  });
  const recorded: unknown[] = [];
  app.use(createErrorHandler((recordedError) => recorded.push(recordedError)));
  return { app, recorded };
}

describe('error handler while the database is unreachable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a shutdown', withCode('57P01', 'terminating connection due to administrator command')],
    ['a closed connection', new Error('Connection terminated unexpectedly')],
  ])('answers %s with 503 unavailable and Retry-After, not 500', async (_name, error) => {
    const { app, recorded } = appThrowing(error);
    const res = await request(app).get('/').expect(503);
    expect(res.body).toEqual({
      error: {
        code: 'unavailable',
        message: 'The service is temporarily unavailable. Please try again shortly.',
      },
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // An outage is not a server bug: monitoring is not told of every request it failed.
    expect(recorded).toEqual([]);
  });
});
