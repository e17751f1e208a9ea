import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres';
import { E2E_PORTS } from './ports';
import { buildServerBundle, serverArgs } from '../support/server-bundle';

const root = path.resolve(import.meta.dirname, '../..');

async function waitForReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server for ${url} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server for ${url} was not ready within 60 s`);
}

/**
 * A server left over from an interrupted run still answers on these ports: the new servers would
 * fail to bind while the old ones served the browser, and every live test would fail for no
 * reason the output shows.
 */
async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `port ${port} is taken (${error.code}): stop what holds it (a server left by an interrupted end-to-end run?) and run again`,
        ),
      ),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

function startServerProcess(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, serverArgs(root), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      // E2E_LOG_LEVEL=info shows every request of the servers under test when a run needs explaining.
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      ENABLE_TEST_ROUTES: 'true',
      // Every spec signs up its own members from one address.
      SIGN_UPS_PER_CLIENT_PER_HOUR: '0',
      RESETS_PER_CLIENT_PER_HOUR: '0',
      // Link previews may fetch the app's own static pages (a real page with a <title>), and
      // only them: every other loopback address stays refused.
      LINK_PREVIEW_TEST_ORIGIN: `127.0.0.1:${E2E_PORTS.app}`,
      // A call nobody answers is missed after this long (30 s by default): the missed-call test
      // waits it out, and answering tests answer well within it.
      CALL_RING_TIMEOUT_MS: '8000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Builds the web app and starts, against one fresh embedded Postgres, the app server the browser
 * uses (A) and a second server process (B) that the tests use to append events "elsewhere".
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const port of Object.values(E2E_PORTS)) await assertPortFree(port);
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('vite build failed');
  await buildServerBundle(root);

  const dir = await mkdtemp(path.join(os.tmpdir(), 'agora-e2e-'));
  await chmod(dir, 0o755);
  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    port: E2E_PORTS.postgres,
  });
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map(stopProcess));
    await postgres.stop();
    await rm(dir, { recursive: true, force: true });
  };
  const servers = [
    { port: E2E_PORTS.app, env: {} as Record<string, string> },
    { port: E2E_PORTS.other, env: { SERVE_WEB: 'false' } },
  ];
  try {
    // One after the other: the first migrates the fresh database.
    for (const { port, env } of servers) {
      const url = `http://127.0.0.1:${port}`;
      const child = startServerProcess({
        DATABASE_URL: postgres.connectionString,
        PORT: String(port),
        PUBLIC_URL: url,
        ...env,
      });
      children.push(child);
      await waitForReady(url, child);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  process.env.E2E_BASE_URL = `http://127.0.0.1:${E2E_PORTS.app}`;
  process.env.E2E_OTHER_URL = `http://127.0.0.1:${E2E_PORTS.other}`;
  return stop;
}
