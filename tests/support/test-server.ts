import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { loadConfig } from '../../server/config';
import type { LogCapture } from '../../server/domains/logs/log-capture';
import { startServer, type RunningServer } from '../../server/server';
import { checkResponsesOf, publishedContract } from './response-checks';
import { createTestDatabase, type TestDatabase } from './test-database';
import { useSmallPartitions } from './event-partitions';

export interface TestServerOptions {
  env?: Record<string, string>;
  /** Defaults to a silent logger; a test of log capture passes one writing to `logCapture`. */
  logger?: Logger;
  logCapture?: LogCapture;
}

/**
 * The whole server (HTTP, sockets, relay) on a free port against the given database. Every answer
 * it gives is checked against the OpenAPI document it publishes; a test that received one the
 * document does not describe fails (`response-contract-hooks.ts`).
 */
export async function startTestServer(
  databaseUrl: string,
  options: TestServerOptions = {},
): Promise<RunningServer> {
  // Uploaded files go to a folder of this server's own, never into the working tree, and the
  // folder goes with the server: runs of the suite left hundreds of them behind.
  const ownFilesDir = options.env?.FILES_DIR
    ? null
    : path.join(os.tmpdir(), `agora-test-files-${randomUUID()}`);
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
    // Nothing reaches a push service unless a test starts one and its worker (web-push.test.ts).
    PUSH_WORKER: 'false',
    // Every test signs up its own members from one address; the abuse-limit tests set their own.
    SIGN_UPS_PER_CLIENT_PER_HOUR: '0',
    RESETS_PER_CLIENT_PER_HOUR: '0',
    TWO_FACTOR_CODES_PER_HOUR: '0',
    API_TOKEN_FAILURES_PER_HOUR: '0',
    ...(ownFilesDir ? { FILES_DIR: ownFilesDir } : {}),
    ...options.env,
  });
  const logger = options.logger ?? pino({ level: 'silent' });
  const server = await startServer(config, databaseUrl, logger, undefined, options.logCapture);
  checkResponsesOf(server.http, await publishedContract(server.url));
  if (!ownFilesDir) return server;
  return {
    ...server,
    close: async () => {
      await server.close();
      await rm(ownFilesDir, { recursive: true, force: true });
    },
  };
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

/** A member's socket, once connected. */
export async function connectAs(
  server: RunningServer,
  member: { cookie: string },
): Promise<Socket> {
  const socket = openSocket(server.url, member.cookie);
  await waitForConnect(socket);
  return socket;
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

/**
 * How long a file's stack may take to come up or go down: a database copied from the template and
 * one or two servers started, which took over 30 s on a two-core machine running ten times as
 * much as it has cores. A bail-out for a hang, not a budget.
 */
const STACK_TIME_LIMIT_MS = 120_000;

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
  }, STACK_TIME_LIMIT_MS);
  afterAll(async () => {
    await stack.server?.close();
    await stack.database?.drop();
  }, STACK_TIME_LIMIT_MS);
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
export function useTwoServersOnOneDatabase(
  options: TestServerOptions & {
    /** The log goes on in partitions of this many positions (`useSmallPartitions`, ahead 4). */
    eventPartitionSpan?: number;
  } = {},
): TwoServers {
  const { eventPartitionSpan, ...serverOptions } = options;
  const stack = {} as TwoServers;
  beforeAll(async () => {
    stack.database = await createTestDatabase();
    const partitionEnv = eventPartitionSpan
      ? await useSmallPartitions(stack.database.db, eventPartitionSpan, 4)
      : {};
    const withPartitions = { ...serverOptions, env: { ...serverOptions.env, ...partitionEnv } };
    stack.a = await startTestServer(stack.database.url, withPartitions);
    stack.b = await startTestServer(stack.database.url, withPartitions);
  }, STACK_TIME_LIMIT_MS);
  afterAll(async () => {
    await stack.a?.close();
    await stack.b?.close();
    await stack.database?.drop();
  }, STACK_TIME_LIMIT_MS);
  return stack;
}
