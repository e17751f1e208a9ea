import { jest } from '@jest/globals';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { Badges } from '../../shared/badges';
import { SOCKET_EVENTS } from '../../shared/realtime';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded-postgres';
import { LogCapture } from '../../server/domains/logs/log-capture';
import { createLogger } from '../../server/logger';
import type { RunningServer } from '../../server/server';
import { eventually } from '../support/eventually';
import { as, signUpMembers } from '../support/factories';
import { connectAs, startTestServer, waitForEvent } from '../support/test-server';
import { freePort } from '../support/free-port';

// A Postgres of its own, stopped and started under a running server: never the shared one.
jest.setTimeout(120_000);

let dir: string;
let port: number;
let postgres: EmbeddedDatabase;
let server: RunningServer;

const reported: string[] = [];
const capture = new LogCapture({
  intervalMs: 50,
  retryMs: { first: 100, max: 200 },
  report: (line) => reported.push(line),
});
const logger = createLogger('silent', { level: 'info', stream: capture });

const startPostgres = () => startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), port });

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'agora-outage-'));
  // Under root, Postgres runs as the `postgres` user, which must be able to enter the folder.
  await chmod(dir, 0o755);
  port = await freePort();
  postgres = await startPostgres();
  server = await startTestServer(postgres.connectionString, { logger, logCapture: capture });
});

afterAll(async () => {
  await server?.close();
  await postgres?.stop();
  await rm(dir, { recursive: true, force: true });
});

const pinoLine = (msg: string) => JSON.stringify({ level: 30, time: Date.now(), msg });

const storedMessages = (like: string) =>
  server.database.db
    .selectFrom('log_entries')
    .select(['message', 'level'])
    .where('message', 'like', like)
    .orderBy('id')
    .execute();

it('answers 503 with Retry-After while Postgres is down, says why on /readyz, and recovers: commands, pushes and the lines logged meanwhile', async () => {
  const [ana, bo] = await signUpMembers(server, 2);
  const socket = await connectAs(server, bo);
  // A capture with room for four lines, to see what overflows during the outage counted.
  const small = new LogCapture({
    intervalMs: 50,
    retryMs: { first: 100, max: 200 },
    capacity: 4,
    report: () => undefined,
  });
  small.attach(server.database.db);
  const marker = `outage-${Date.now()}`;

  await postgres.stop();

  const command = await as(server, ana).post('/friends/requests', { toUserId: bo.id });
  expect(command.status).toBe(503);
  expect(command.body).toEqual({
    error: {
      code: 'unavailable',
      message: 'The service is temporarily unavailable. Please try again shortly.',
    },
  });
  expect(Number(command.headers['retry-after'])).toBeGreaterThan(0);
  const read = await as(server, bo).get('/me/badges');
  expect(read.status).toBe(503);
  expect(read.headers['retry-after']).toBeDefined();

  const ready = await request(server.url).get('/readyz').expect(503);
  expect(ready.body).toMatchObject({
    status: 'not-ready',
    database: 'down',
    reason: expect.stringMatching(/^database unreachable: .*ECONNREFUSED/),
  });

  logger.warn(`${marker} logged while the database is down`);
  await capture.flush();
  for (let i = 1; i <= 3; i += 1) small.write(pinoLine(`${marker} small ${i}`));
  await small.flush();
  for (let i = 4; i <= 6; i += 1) small.write(pinoLine(`${marker} small ${i}`));
  // Kept, not lost: the failed inserts wait for the database.
  expect(capture.stats.failed).toBe(0);
  expect(small.stats).toMatchObject({ failed: 0, dropped: 2 });
  expect(reported.join('')).toContain('log capture cannot reach the database');

  postgres = await startPostgres();
  await eventually(
    () => request(server.url).get('/readyz'),
    (res) => res.status === 200,
    { attempts: 400, intervalMs: 50 },
  ).then((res) => expect(res.body).toEqual({ status: 'ready', database: 'up', relay: 'up' }));

  const pushed = waitForEvent<Badges>(socket, SOCKET_EVENTS.badges, (b) => b.friendRequests === 1);
  await as(server, ana).post('/friends/requests', { toUserId: bo.id }).expect(201);
  await expect(pushed).resolves.toMatchObject({ friendRequests: 1 });
  socket.close();

  const kept = await eventually(
    () => storedMessages(`${marker} logged while the database is down`),
    (rows) => rows.length === 1,
    { attempts: 200, intervalMs: 50 },
  );
  expect(kept).toEqual([{ message: `${marker} logged while the database is down`, level: 'WARN' }]);
  await small.detach();
  expect((await storedMessages(`${marker} small %`)).map((row) => row.message)).toEqual(
    [1, 2, 3, 4].map((i) => `${marker} small ${i}`),
  );
  expect(await storedMessages('Log capture dropped 2 lines%')).toEqual([
    { message: 'Log capture dropped 2 lines: its buffer was full', level: 'WARN' },
  ]);
});
