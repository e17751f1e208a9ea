import { jest } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { io as connectSocket } from 'socket.io-client';
import { eventually } from '../support/eventually';
import { checkRemoteAnswer, watchRemoteServer } from '../support/response-checks';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { serverArgs } from '../support/server-bundle';
import { freePort } from '../support/free-port';

// Real processes, each starting (or recovering) an embedded Postgres of its own.
jest.setTimeout(180_000);

const root = path.resolve(import.meta.dirname, '../..');
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Every process started here, killed after the file even when a test failed midway. */
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

function startProcess(args: string[], env: Record<string, string | undefined>): Started {
  let output = '';
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: '',
    SERVE_WEB: 'false',
    LOG_LEVEL: 'info',
    ...env,
  };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  const child = spawn(process.execPath, args, { cwd: root, env: merged });
  children.add(child);
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => output, exited };
}

const startMain = (env: Record<string, string | undefined>) => startProcess(serverArgs(root), env);

async function waitForLog(output: () => string, text: string, seconds = 60): Promise<void> {
  for (let i = 0; i < seconds * 10 && !output().includes(text); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(output()).toContain(text);
}

/**
 * A POST to the API of a server process, expecting `status`; the answer is also checked against
 * the document that process publishes.
 */
async function post(baseUrl: string, apiPath: string, body: object, status: number) {
  await watchRemoteServer(baseUrl);
  const res = await request(baseUrl).post(apiPath).send(body).expect(status);
  checkRemoteAnswer(baseUrl, {
    method: 'POST',
    path: apiPath,
    status: res.status,
    contentType: res.headers['content-type'],
    hasBody: res.text.length > 0,
    text: res.text,
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** `pg_ctl stop -w` returns once the pid file is gone, a moment before the process itself. */
async function waitForExit(pid: number, seconds = 10): Promise<boolean> {
  for (let waited = 0; waited < seconds * 10; waited += 1) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

it('stops with a message naming a bad variable', async () => {
  const { output, exited } = startMain({ DATABASE_URL: 'mysql://nope', PORT: '0' });
  expect(await exited).toBe(1);
  expect(output()).toContain('DATABASE_URL: must be a postgres:// connection URL');
});

it('drains on SIGTERM: closes live sockets and the pool, then exits 0', async () => {
  const port = await freePort();
  const { child, output, exited } = startMain({ DATABASE_URL: database.url, PORT: String(port) });
  await waitForLog(output, 'Agora is serving');
  const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
  expect(ready.status).toBe(200);

  // An unauthenticated socket is refused, so watch the engine-level connection instead.
  const socket = connectSocket(`http://127.0.0.1:${port}`, {
    transports: ['websocket'],
    reconnection: false,
  });
  await new Promise<void>((resolve) => socket.io.once('open', () => resolve()));

  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(output()).toContain('shutting down: draining connections');
  expect(output()).toContain('shutdown complete');
  socket.close();
});

describe('with the embedded Postgres', () => {
  let dir: string;
  let pgPort: number;
  const embedded = (port: number, extra: Record<string, string> = {}) => ({
    DATABASE_URL: undefined,
    DATA_DIR: dir,
    EMBEDDED_PG_PORT: String(pgPort),
    PORT: String(port),
    ...extra,
  });
  const postmasterPid = async () =>
    Number((await readFile(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const member = { email: `crash_${process.pid}@example.com`, password: 'Secret123' };
  let server: Started;
  let url: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'agora-lifecycle-'));
    // Under root, Postgres runs as the `postgres` user, which must be able to enter the folder.
    await chmod(dir, 0o755);
    pgPort = await freePort();
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('starts again after kill -9 of the server, stopping the Postgres it left running', async () => {
    const port = await freePort();
    const first = startMain(embedded(port));
    await waitForLog(first.output, 'Agora is serving');
    await post(
      `http://127.0.0.1:${port}`,
      '/api/auth/sign-up',
      { ...member, username: `crash_${process.pid}` },
      201,
    );

    first.child.kill('SIGKILL');
    await first.exited;
    // The orphan: still running, still holding the data directory.
    const orphan = await postmasterPid();
    expect(isAlive(orphan)).toBe(true);

    const secondPort = await freePort();
    server = startMain(embedded(secondPort));
    url = `http://127.0.0.1:${secondPort}`;
    await waitForLog(server.output, 'Agora is serving');
    expect(server.output()).toContain(
      'a Postgres left running by a server process that is gone holds the data directory: stopping it',
    );
    expect(await waitForExit(orphan)).toBe(true);
    await request(url).get('/readyz').expect(200);
    // Nothing was lost: the member signed up before the crash signs in.
    await post(url, '/api/auth/sign-in', member, 200);
  });

  it('refuses a second server on the same data directory, naming the one running', async () => {
    const second = startMain(embedded(await freePort()));
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Agora could not start: the embedded Postgres in ${path.join(dir, 'postgres')} is already running`,
    );
    expect(second.output()).toContain(`process ${server.child.pid} started it`);
  });

  it('rebuilds the projections on the running server’s Postgres', async () => {
    const rebuild = startProcess(
      ['--import', 'tsx', 'server/cli/rebuild-projections.ts'],
      embedded(0),
    );
    expect(await rebuild.exited).toBe(0);
    expect(rebuild.output()).toContain('Using the embedded Postgres already running');
    expect(rebuild.output()).toMatch(/Rebuilt the read models from \d+ events/);
    await post(url, '/api/auth/sign-in', member, 200);
  });

  it('starts Postgres again when it dies under the running server', async () => {
    const crashed = await postmasterPid();
    process.kill(crashed, 'SIGKILL');
    await waitForLog(server.output, 'the embedded Postgres is back');
    await eventually(
      () => request(url).get('/readyz'),
      (res) => res.status === 200,
      { attempts: 400, intervalMs: 50 },
    );
    expect(await postmasterPid()).not.toBe(crashed);
    await post(url, '/api/auth/sign-in', member, 200);
  });

  it('stops its Postgres when it stops', async () => {
    const pid = await postmasterPid();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(isAlive(pid)).toBe(false);
  });

  it('names the cause when the embedded Postgres port is taken', async () => {
    // Both address families, so Postgres cannot fall back to the other one.
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(pgPort, () => resolve()));
    try {
      const { output, exited } = startMain(embedded(await freePort()));
      expect(await exited).toBe(1);
      expect(output()).toContain(
        `Agora could not start: the embedded Postgres in ${path.join(dir, 'postgres')} (port ${pgPort}) stopped while starting`,
      );
      expect(output()).toContain(`Port ${pgPort} is taken by another program`);
    } finally {
      taken.close();
    }
  });

  it('names the cause when the data directory cannot be read', async () => {
    const unreadable = path.join(dir, 'unreadable');
    const dataDir = path.join(unreadable, 'postgres');
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'PG_VERSION'), '18\n');
    if (process.getuid?.() === 0) {
      // As root, Postgres runs as the `postgres` user: it owns the directory but may not read it.
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
      await chown(dataDir, uid, uid);
    }
    await chmod(dataDir, 0o000);
    try {
      const { output, exited } = startMain({
        ...embedded(await freePort()),
        DATA_DIR: unreadable,
      });
      expect(await exited).toBe(1);
      expect(output()).toMatch(
        new RegExp(`Agora could not start: .*${dataDir}.*Permission denied`, 'i'),
      );
    } finally {
      await chmod(dataDir, 0o700);
    }
  });
});
