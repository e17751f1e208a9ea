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

  describe('when answering the error fails itself', () => {
    /** An app whose route fails with `error`, after `prepare` has done its part to the request. */
    function appFailing(
      error: unknown,
      prepare: express.RequestHandler = (_req, _res, next) => next(),
    ) {
      const lines: { level: number; msg: string }[] = [];
      const serverErrors: unknown[] = [];
      const app = express();
      app.use((req, _res, next) => {
        req.log = pino(
          { level: 'info' },
          { write: (line: string) => lines.push(JSON.parse(line)) },
        );
        next();
      });
      app.get('/', prepare, () => {
        throw error;
      });
      app.use(createErrorHandler((failure) => serverErrors.push(failure)));
      return { app, lines, serverErrors };
    }

    it('answers a request whose socket is already gone in JSON', async () => {
      const { app } = appFailing(new Error('the upload failed'), (req, _res, next) => {
        // What a destroyed request body leaves behind: the request no longer knows its socket.
        Object.defineProperty(req, 'socket', { value: null });
        next();
      });
      const res = await request(app).get('/').expect(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body.error.code).toBe('internal');
    });

    it('answers 500 in JSON, logs the failure and tells monitoring', async () => {
      // An error the handler cannot even look at: every property read throws.
      const unreadable = new Proxy(
        {},
        {
          get() {
            throw new TypeError('unreadable');
          },
        },
      );
      const { app, lines, serverErrors } = appFailing(unreadable);
      const res = await request(app).get('/').expect(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({
        error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
      });
      expect(lines.filter((line) => line.level >= 50).length).toBeGreaterThan(0);
      expect(serverErrors.length).toBeGreaterThan(0);
    });
  });
});
