import pino, { type Logger } from 'pino';
import { io as connectSocket, type Socket } from 'socket.io-client';
import request from 'supertest';
import { loadConfig } from '../../server/config';
import type { LogCapture } from '../../server/domains/logs/log-capture';
import { startServer, type RunningServer } from '../../server/server';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestServerOptions {
  env?: Record<string, string>;
  /** Defaults to a silent logger; a test of log capture passes one writing to `logCapture`. */
  logger?: Logger;
  logCapture?: LogCapture;
}

/** The whole server (HTTP, sockets, relay) on a free port against the given database. */
export async function startTestServer(
  databaseUrl: string,
  options: TestServerOptions = {},
): Promise<RunningServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    SERVE_WEB: 'false',
    ENABLE_TEST_ROUTES: 'true',
    PUBLIC_URL: 'http://localhost:8080',
    DB_POOL_SIZE: '10',
    // Tests read queued emails as the commands left them; email tests run workers of their own.
    EMAIL_WORKER: 'false',
    ...options.env,
  });
  const logger = options.logger ?? pino({ level: 'silent' });
  return startServer(config, databaseUrl, logger, undefined, options.logCapture);
}

let counter = 0;

export interface TestMember {
  id: string;
  username: string;
  email: string;
  password: string;
  cookie: string;
  role: string;
}

/** Signs a new member up through the API and returns its session cookie. */
export async function signUpMember(server: RunningServer, name?: string): Promise<TestMember> {
  counter += 1;
  const username = name ?? `member_${process.pid}_${counter}_${Math.floor(Math.random() * 1e6)}`;
  const email = `${username}@example.com`;
  const password = 'Secret123';
  const res = await request(server.url)
    .post('/api/auth/sign-up')
    .send({ username, email, password })
    .expect(201);
  const cookie = sessionCookie(res.headers['set-cookie']);
  return { id: res.body.id, username, email, password, cookie, role: res.body.role };
}

export function sessionCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith('agora_session='));
  if (!found) throw new Error('no session cookie set');
  return found.split(';')[0]!;
}

/** A socket.io client authenticated (or not) by a session cookie, connected or refused. */
export function openSocket(url: string, cookie?: string): Socket {
  return connectSocket(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: cookie ? { cookie } : {},
  });
}

export function waitForConnect(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** Resolves with the first value of `event` for which `accept` holds. */
export function waitForEvent<T>(
  socket: Socket,
  event: string,
  accept: (value: T) => boolean = () => true,
): Promise<T> {
  return new Promise((resolve) => {
    const listener = (value: T) => {
      if (!accept(value)) return;
      socket.off(event, listener);
      resolve(value);
    };
    socket.on(event, listener);
  });
}

export interface ServerWithDatabase {
  database: TestDatabase;
  server: RunningServer;
}

/**
 * A fresh database and a server on it for the test file that calls this at its top level; the
 * fields are filled before the first test and torn down after the last.
 */
export function useServerWithDatabase(options: TestServerOptions = {}): ServerWithDatabase {
  const stack = {} as ServerWithDatabase;
  beforeAll(async () => {
    stack.database = await createTestDatabase();
    stack.server = await startTestServer(stack.database.url, options);
  });
  afterAll(async () => {
    await stack.server?.close();
    await stack.database?.drop();
  });
  return stack;
}

export interface TwoServers {
  database: TestDatabase;
  a: RunningServer;
  b: RunningServer;
}

/**
 * Two server processes' worth of server (each with its own relay) on one fresh database, for
 * the file's tests: what one appends must reach the other's sockets.
 */
export function useTwoServersOnOneDatabase(): TwoServers {
  const stack = {} as TwoServers;
  beforeAll(async () => {
    stack.database = await createTestDatabase();
    stack.a = await startTestServer(stack.database.url);
    stack.b = await startTestServer(stack.database.url);
  });
  afterAll(async () => {
    await stack.a?.close();
    await stack.b?.close();
    await stack.database?.drop();
  });
  return stack;
}

/** Requests to the API as one member: their session cookie rides on each. */
export function apiAs(baseUrl: string, member: TestMember) {
  const api = request(baseUrl);
  const send = (test: request.Test, body: object | undefined) =>
    body === undefined ? test : test.send(body);
  return {
    get: (path: string) => api.get(`/api${path}`).set('cookie', member.cookie),
    post: (path: string, body?: object) =>
      send(api.post(`/api${path}`).set('cookie', member.cookie), body),
    put: (path: string, body: object) =>
      api.put(`/api${path}`).set('cookie', member.cookie).send(body),
    patch: (path: string, body: object) =>
      api.patch(`/api${path}`).set('cookie', member.cookie).send(body),
    delete: (path: string) => api.delete(`/api${path}`).set('cookie', member.cookie),
  };
}
