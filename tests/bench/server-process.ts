import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from '../support/free-port';
import path from 'node:path';

export interface ServerOptions {
  repoRoot: string;
  dataDir: string;
  /** Used when set; otherwise the server starts its embedded Postgres on `embeddedPgPort`. */
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  /** Extra node flags for the server, e.g. `--cpu-prof` when looking for where time goes. */
  nodeArgs?: string[];
  /** Serve the built web app from `dist/web` (the `web` scenario); off for the API scenarios. */
  serveWeb?: boolean;
  /** More of the server's environment, e.g. `DATABASE_REPLICA_URLS` (the `replica` scenario). */
  env?: Record<string, string>;
}

const PROBE = path.join('tests', 'bench', 'round-trip-probe.ts');

/** What round-trip-probe.ts answers: queries sent so far, in all and by opening text. */
export interface ProbeReading {
  queries: number;
  shapes: Record<string, number>;
}

/** What round-trip-probe.ts answers at `/stalls`: the server's pauses since the last reading. */
export interface StallReading {
  loopMaxMs: number;
  gcMaxMs: number;
  gcTotalMs: number;
}

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  /** The connection string of the database the server uses. */
  databaseUrl: string;
  /** Server log lines at warn level or above (pino levels 40+). */
  warnings: string[];
  rssKb(): number | null;
  /** The kernel's high-water mark of the process's resident set, in kB. */
  peakRssKb(): number | null;
  /** The embedded Postgres's postmaster, or null when the server uses an outside database. */
  postmasterPid(): number | null;
  /**
   * Every query the server process has sent to Postgres so far, from any of its connections
   * (round-trip-probe.ts), or null if the probe does not answer.
   */
  databaseRoundTrips(): Promise<ProbeReading | null>;
  /** The server's pauses since the last call (round-trip-probe.ts), or null if it does not answer. */
  stalls(): Promise<StallReading | null>;
  stop(): Promise<{ exitCode: number | null; signal: string | null; forced: boolean }>;
  /** Last-resort synchronous kill for when the bench itself is dying. */
  killNow(): void;
}

function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number(
      readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `node --import tsx server/main.ts` directly rather than through npx or the tsx CLI,
 * so the child's pid is the server's own and its /proc RSS is the server's, not a launcher's.
 */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const probePort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    EMBEDDED_PG_PORT: String(options.embeddedPgPort),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ENABLE_TEST_ROUTES: 'true',
    SERVE_WEB: options.serveWeb ? 'true' : 'false',
    LOG_LEVEL: 'warn',
    AUTH_GUARD: 'true',
    // The benchmark signs up thousands of members from one address.
    SIGN_UPS_PER_CLIENT_PER_HOUR: '0',
    RESETS_PER_CLIENT_PER_HOUR: '0',
    BENCH_PROBE_PORT: String(probePort),
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;

  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      '--import',
      'tsx',
      '--import',
      `./${PROBE}`,
      path.join('server', 'main.ts'),
    ],
    { cwd: options.repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not spawn the server');

  const tail: string[] = [];
  const warnings: string[] = [];
  const partial = { stdout: '', stderr: '' };
  const collect = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    // A chunk may end mid-line: hold the rest until its newline arrives.
    const lines = (partial[stream] + chunk.toString('utf8')).split('\n');
    partial[stream] = lines.pop() ?? '';
    for (const line of lines) {
      if (!line) continue;
      tail.push(line);
      if (tail.length > 40) tail.shift();
      const level = /"level":(\d+)/.exec(line);
      if (!level || Number(level[1]) >= 40) warnings.push(line);
    }
  };
  child.stdout?.on('data', collect('stdout'));
  child.stderr?.on('data', collect('stderr'));

  let exited: { exitCode: number | null; signal: string | null } | null = null;
  const exit = new Promise<{ exitCode: number | null; signal: string | null }>((resolve) => {
    // 'close' rather than 'exit': it waits for the pipes, so the last log lines are in.
    child.on('close', (exitCode, signal) => {
      exited = { exitCode, signal };
      resolve(exited);
    });
  });

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) {
      throw new Error(`the server exited during start-up:\n${tail.join('\n')}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within 90 s:\n${tail.join('\n')}`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) break;
    await sleep(250);
  }

  const killPostmaster = () => {
    const postmaster = options.databaseUrl ? null : postmasterPid(options.dataDir);
    if (postmaster && alive(postmaster)) process.kill(postmaster, 'SIGINT');
    return postmaster;
  };

  return {
    url,
    port,
    pid,
    databaseUrl:
      options.databaseUrl ?? `postgres://agora:agora@127.0.0.1:${options.embeddedPgPort}/agora`,
    warnings,
    rssKb: () => statusField(pid, 'VmRSS'),
    peakRssKb: () => statusField(pid, 'VmHWM'),
    // An outside database's postmaster, when it runs on this machine, is counted if named.
    postmasterPid: () =>
      options.databaseUrl
        ? Number(process.env.BENCH_DATABASE_POSTMASTER_PID) || null
        : postmasterPid(options.dataDir),
    async databaseRoundTrips() {
      try {
        const res = await fetch(`http://127.0.0.1:${probePort}/`);
        return (await res.json()) as ProbeReading;
      } catch {
        return null;
      }
    },
    async stalls() {
      try {
        const res = await fetch(`http://127.0.0.1:${probePort}/stalls`);
        return (await res.json()) as StallReading;
      } catch {
        return null;
      }
    },
    async stop() {
      if (!exited) child.kill('SIGTERM');
      let forced = false;
      const graceful = await Promise.race([exit, sleep(20_000).then(() => null)]);
      if (!graceful) {
        forced = true;
        child.kill('SIGKILL');
        await exit;
      }
      // A server that died without stopping its embedded Postgres leaves the postmaster behind.
      const postmaster = killPostmaster();
      if (postmaster) {
        for (let i = 0; i < 100 && alive(postmaster); i++) await sleep(100);
        if (alive(postmaster)) process.kill(postmaster, 'SIGKILL');
      }
      return { ...(await exit), forced };
    },
    killNow() {
      if (!exited) child.kill('SIGKILL');
      killPostmaster();
    },
  };
}
