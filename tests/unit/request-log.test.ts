import express, { type Request } from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { requestLog } from '../../server/http/request-log';

/** An app with the request log, whose logger writes its lines into `lines`. */
function appWithLog(whoAsked: (req: Request) => object = () => ({})) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { base: undefined, timestamp: false },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  const app = express();
  app.use(
    requestLog(app, logger, {
      ignore: (req) => req.url === '/healthz',
      fieldsAtEnd: whoAsked,
    }),
  );
  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  const api = express.Router();
  api.get('/things', (req, res) => res.json({ id: req.id }));
  api.get('/noisy', (req, res) => {
    req.log.warn({ detail: 1 }, 'something to say');
    res.status(204).end();
  });
  api.get('/broken', (_req, res) => res.status(503).json({}));
  app.use('/api', api);
  return { app, lines };
}

describe('request log', () => {
  it('writes one line per request, with what the log viewer reads', async () => {
    const { app, lines } = appWithLog(() => ({ userId: 'member-1' }));
    const res = await request(app).get('/api/things?limit=5').expect(200);
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).toEqual({ id });
    expect(lines).toEqual([
      {
        level: 30,
        requestId: id,
        req: { method: 'GET', url: '/api/things?limit=5' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        userId: 'member-1',
        msg: 'request completed',
      },
    ]);
  });

  it("keeps the caller's request id when it is a plain token, and makes one otherwise", async () => {
    const { app, lines } = appWithLog();
    const kept = await request(app).get('/api/things').set('x-request-id', 'trace-123');
    expect(kept.headers['x-request-id']).toBe('trace-123');
    const replaced = await request(app).get('/api/things').set('x-request-id', 'no spaces, please');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.map((line) => line.requestId)).toEqual([
      'trace-123',
      replaced.headers['x-request-id'],
    ]);
  });

  it("gives the request's own lines its id, through req.log", async () => {
    const { app, lines } = appWithLog();
    const res = await request(app).get('/api/noisy').expect(204);
    const id = res.headers['x-request-id'];
    expect(lines).toEqual([
      { level: 40, requestId: id, detail: 1, msg: 'something to say' },
      expect.objectContaining({ requestId: id, msg: 'request completed' }),
    ]);
  });

  it('writes a server error as errored, and nothing for the health check', async () => {
    const { app, lines } = appWithLog();
    await request(app).get('/healthz').expect(200);
    await request(app).get('/api/broken').expect(503);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      res: { statusCode: 503 },
      err: { message: 'failed with status code 503' },
      msg: 'request errored',
    });
  });
});
