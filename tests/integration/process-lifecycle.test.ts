import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { io as connectSocket } from 'socket.io-client';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const root = path.resolve(import.meta.dirname, '../..');
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

function startMain(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_OPTIONS: '', SERVE_WEB: 'false', LOG_LEVEL: 'info', ...env },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function waitForLog(output: () => string, text: string): Promise<void> {
  for (let i = 0; i < 300 && !output().includes(text); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(output()).toContain(text);
}

it('stops with a message naming a bad variable', async () => {
  const { child, output } = startMain({ DATABASE_URL: 'mysql://nope', PORT: '0' });
  expect(await exitOf(child)).toBe(1);
  expect(output()).toContain('DATABASE_URL: must be a postgres:// connection URL');
});

it('drains on SIGTERM: closes live sockets and the pool, then exits 0', async () => {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const { child, output } = startMain({ DATABASE_URL: database.url, PORT: String(port) });
  await waitForLog(output, 'Agora is serving');
  const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
  expect(ready.status).toBe(200);

  // An unauthenticated socket is refused, so watch the engine-level connection instead.
  const socket = connectSocket(`http://127.0.0.1:${port}`, {
    transports: ['websocket'],
    reconnection: false,
  });
  await new Promise<void>((resolve) => socket.io.once('open', () => resolve()));

  const exited = exitOf(child);
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(output()).toContain('shutting down: draining connections');
  expect(output()).toContain('shutdown complete');
  socket.close();
});
