import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serverArgs } from '../support/server-bundle';
import { startStreamingPair, type StreamingPair } from '../support/streaming-replica';

/**
 * The stack of tests/e2e/load-balancer.spec.ts, as docker-compose.yml describes it: Debian's
 * nginx running server/deploy/nginx.conf (the file compose mounts) in front of three server
 * processes, which write to a Postgres primary and read from its streaming replica. Its own
 * ports and Postgres pair, so the other specs' servers are untouched.
 */

const root = path.resolve(import.meta.dirname, '../..');
const NGINX_CONFIG = path.join(root, 'server/deploy/nginx.conf');

/** Loopback ports of this stack, next to E2E_PORTS. */
export const LB_PORTS = { balancer: 8183, nodes: [8184, 8185, 8186] } as const;
export type NodeIndex = 0 | 1 | 2;
export const BALANCER_URL = `http://127.0.0.1:${LB_PORTS.balancer}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The nginx binary, from PATH or where Debian puts it (/usr/sbin is not on every PATH). */
export function findNginx(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  return existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : null;
}

/**
 * The shipped configuration with its compose addresses replaced by local ones. Each replaced line
 * must be there exactly once: if the file changes shape, the test says so instead of running
 * something else.
 */
export async function localNginxConfig(): Promise<string> {
  let text = await readFile(NGINX_CONFIG, 'utf8');
  const replacements: [RegExp, string][] = [
    [/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${LB_PORTS.balancer};`],
    ...LB_PORTS.nodes.map((port, index): [RegExp, string] => [
      new RegExp(`^(\\s*)server app-${index + 1}:8080\\b`, 'm'),
      `$1server 127.0.0.1:${port}`,
    ]),
  ];
  for (const [pattern, replacement] of replacements) {
    const global = new RegExp(pattern.source, 'gm');
    const count = text.match(global)?.length ?? 0;
    if (count !== 1) throw new Error(`${NGINX_CONFIG}: expected one line matching ${pattern}`);
    text = text.replace(pattern, replacement);
  }
  return text;
}

async function waitForReady(url: string, isRunning: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (!isRunning()) throw new Error(`${what} exited during start-up`);
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return;
    await sleep(100);
  }
  throw new Error(`${what} was not ready within 60 s`);
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (!running(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

export class LoadBalancedStack {
  private readonly nodes: (ChildProcess | null)[] = LB_PORTS.nodes.map(() => null);

  private constructor(
    private readonly dir: string,
    private readonly postgres: StreamingPair,
    private nginx: ChildProcess | null = null,
  ) {}

  /** Starts the Postgres pair, the server processes at once, then nginx in front. */
  static async start(nginxBinary: string): Promise<LoadBalancedStack> {
    const postgres = await startStreamingPair();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'agora-lb-'));
    const stack = new LoadBalancedStack(dir, postgres);
    try {
      // Together, as compose starts its replicas: the migrations take an advisory lock.
      await Promise.all([stack.startNode(0), stack.startNode(1), stack.startNode(2)]);
      await stack.startNginx(nginxBinary);
    } catch (error) {
      await stack.stop();
      throw error;
    }
    return stack;
  }

  nodeUrl(index: NodeIndex): string {
    return `http://127.0.0.1:${LB_PORTS.nodes[index]}`;
  }

  async startNode(index: NodeIndex): Promise<void> {
    const child = spawn(process.execPath, serverArgs(root), {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
        ENABLE_TEST_ROUTES: 'true',
        DATABASE_URL: this.postgres.primaryUrl,
        DATABASE_REPLICA_URLS: this.postgres.replicaUrl,
        HOST: '127.0.0.1',
        PORT: String(LB_PORTS.nodes[index]),
        // Members use nginx's address: the Origin checks compare with it.
        PUBLIC_URL: BALANCER_URL,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    this.nodes[index] = child;
    await waitForReady(this.nodeUrl(index), () => running(child), `server process ${index + 1}`);
  }

  /** kill -9: no drain, no goodbye to its sockets. */
  async killNode(index: NodeIndex): Promise<void> {
    const child = this.nodes[index];
    if (child) await stop(child, 'SIGKILL');
    this.nodes[index] = null;
  }

  /** A fast shutdown of the replica: the processes' reads move to the primary. */
  async stopReplica(): Promise<void> {
    await this.postgres.stopReplica();
  }

  private async startNginx(binary: string): Promise<void> {
    // nginx's workers drop root for `nobody`, and buffer large answers (the web bundle) to files.
    await chmod(this.dir, 0o755);
    const temp = path.join(this.dir, 'temp');
    await mkdir(temp, { mode: 0o777 });
    await chmod(temp, 0o777);
    await writeFile(path.join(this.dir, 'agora.conf'), await localNginxConfig());
    // Only what a distribution's nginx.conf would add around a conf.d file, pointed at our folder.
    await writeFile(
      path.join(this.dir, 'nginx.conf'),
      [
        'worker_processes 1;',
        'pid nginx.pid;',
        'error_log error.log warn;',
        'events { worker_connections 1024; }',
        'http {',
        '  access_log access.log;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `  ${kind}_temp_path temp/${kind};`,
        ),
        '  include agora.conf;',
        '}',
      ].join('\n'),
    );
    const args = ['-p', `${this.dir}/`, '-c', 'nginx.conf', '-e', 'error.log'];
    const check = spawnSync(binary, ['-t', '-q', ...args], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx refused the configuration:\n${check.stderr}`);
    const nginx = spawn(binary, [...args, '-g', 'daemon off;'], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    this.nginx = nginx;
    await waitForReady(BALANCER_URL, () => running(nginx), 'nginx');
  }

  async stop(): Promise<void> {
    if (this.nginx) await stop(this.nginx, 'SIGTERM');
    await Promise.all(this.nodes.map((child) => child && stop(child, 'SIGTERM')));
    await this.postgres.stop();
    await rm(this.dir, { recursive: true, force: true });
  }
}
