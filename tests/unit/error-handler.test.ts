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

  it('takes a client that went away mid-answer for neither an outage nor a fault', () => {
    const lines: { level: number }[] = [];
    const serverErrors: unknown[] = [];
    const log = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    let ended = false;
    const req = { socket: { destroyed: true }, log } as unknown as express.Request;
    const res = {
      headersSent: true,
      writableEnded: false,
      end: () => (ended = true),
    } as unknown as express.Response;
    const aborted = Object.assign(new Error('Request aborted'), { code: 'ECONNABORTED' });
    createErrorHandler((error) => serverErrors.push(error))(aborted, req, res, () => undefined);
    expect(ended).toBe(true);
    expect(serverErrors).toEqual([]);
    expect(lines.every((line) => line.level < 40)).toBe(true);
  });
});
