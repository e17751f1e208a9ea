import { execFile } from 'node:child_process';
import { readFile, realpath, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * What is running on an embedded Postgres data directory, read from the files Postgres and we
 * leave there, and how to stop a postmaster we find. Everything here is about one data
 * directory; starting Postgres is `embedded-postgres.ts`'s job.
 */

const run = promisify(execFile);

/** The fields of `postmaster.pid` we use (Postgres writes one value per line). */
export interface PostmasterPid {
  pid: number;
  port: number;
}

export function parsePostmasterPid(text: string): PostmasterPid | null {
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  return { pid, port };
}

/** The parent pid from `/proc/<pid>/stat`; the command name in parentheses may hold spaces. */
export function parseProcStatParent(text: string): number | null {
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const ppid = Number(fields[1]);
  return Number.isInteger(ppid) ? ppid : null;
}

export interface ProcessInfo {
  ppid: number;
  /** The executable's name. */
  program: string;
  /** Its `-D` argument, where the platform tells us its arguments exactly. */
  dataDir: string | null;
}

/** Which process started the postmaster: written by us after it is ready. */
export interface OwnerRecord {
  pid: number;
}

/** What a start finds on the data directory. */
export type DataDirState =
  /** Nothing runs on it (a `postmaster.pid` left behind is Postgres's to judge). */
  | { kind: 'free' }
  /** Its starter is gone (`kill -9`, an out-of-memory kill): nobody will stop it. */
  | { kind: 'orphan'; pid: number; port: number }
  /** A live process (another server, a rebuild) runs it; `ownerPid` null if we cannot tell which. */
  | { kind: 'in-use'; pid: number; port: number; ownerPid: number | null };

/**
 * Decides from what was read (`dataDir` and the process's `-D` already resolved alike). With an
 * owner record the postmaster is an orphan unless that process is alive and still its parent (a
 * recycled pid is not). Without one (started by an older version, or by hand), only a postmaster
 * re-parented to init is taken for an orphan. Whatever is not clearly a postmaster of this
 * directory counts as free: Postgres then judges the lock file itself and, if it refuses, says why.
 */
export function classifyDataDir(input: {
  dataDir: string;
  pidFile: PostmasterPid | null;
  postmaster: ProcessInfo | null;
  owner: OwnerRecord | null;
  ownerAlive: boolean;
}): DataDirState {
  const { pidFile, postmaster, owner } = input;
  if (!pidFile || !postmaster) return { kind: 'free' };
  if (!['postgres', 'postmaster'].includes(postmaster.program)) return { kind: 'free' };
  if (postmaster.dataDir !== null && postmaster.dataDir !== input.dataDir) return { kind: 'free' };
  const running = { pid: pidFile.pid, port: pidFile.port };
  if (owner) {
    return input.ownerAlive && postmaster.ppid === owner.pid
      ? { kind: 'in-use', ...running, ownerPid: owner.pid }
      : { kind: 'orphan', ...running };
  }
  return postmaster.ppid === 1
    ? { kind: 'orphan', ...running }
    : { kind: 'in-use', ...running, ownerPid: null };
}

/** The owner record lives beside the data directory, so Postgres's own files stay its own. */
export const ownerRecordPath = (dataDir: string) => `${path.resolve(dataDir)}.owner.json`;

export async function writeOwnerRecord(dataDir: string, record: OwnerRecord): Promise<void> {
  await writeFile(ownerRecordPath(dataDir), `${JSON.stringify(record)}\n`);
}

/** Reads a file, or null if it does not exist; any other failure (permissions) is thrown. */
async function readIfPresent(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function readOwnerRecord(dataDir: string): Promise<OwnerRecord | null> {
  const text = await readIfPresent(ownerRecordPath(dataDir));
  try {
    const parsed = JSON.parse(text ?? 'null') as { pid?: unknown } | null;
    return typeof parsed?.pid === 'number' ? { pid: parsed.pid } : null;
  } catch {
    return null;
  }
}

/** Alive even when owned by another user (EPERM): `kill -0` only asks. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A path as the file system knows it (symlinks followed), or as given if it does not exist. */
async function canonical(file: string): Promise<string> {
  return realpath(file).catch(() => path.resolve(file));
}

/** Parent, program and data directory of a process: `/proc` on Linux, `ps` elsewhere; null if gone. */
async function processInfo(pid: number): Promise<ProcessInfo | null> {
  if (process.platform === 'linux') {
    try {
      const [statText, cmdline] = await Promise.all([
        readFile(`/proc/${pid}/stat`, 'utf8'),
        readFile(`/proc/${pid}/cmdline`, 'utf8'),
      ]);
      const ppid = parseProcStatParent(statText);
      const args = cmdline.split('\0');
      const dataDir = args.includes('-D') ? (args[args.indexOf('-D') + 1] ?? '') : null;
      if (ppid === null) return null;
      return {
        ppid,
        program: path.basename(args[0] ?? ''),
        dataDir: dataDir === null ? null : await canonical(dataDir),
      };
    } catch {
      return null;
    }
  }
  try {
    const { stdout } = await run('ps', ['-o', 'ppid=', '-o', 'comm=', '-p', String(pid)]);
    const match = /^\s*(\d+)\s+(.+)$/.exec(stdout.trim());
    return match
      ? { ppid: Number(match[1]), program: path.basename(match[2]!), dataDir: null }
      : null;
  } catch {
    return null;
  }
}

/** Reads what runs on `dataDir`. A directory we may not read is an error naming it. */
export async function inspectDataDir(dataDir: string): Promise<DataDirState> {
  const pidText = await readIfPresent(path.join(dataDir, 'postmaster.pid'));
  const pidFile = pidText === null ? null : parsePostmasterPid(pidText);
  const postmaster = pidFile && isAlive(pidFile.pid) ? await processInfo(pidFile.pid) : null;
  const owner = postmaster ? await readOwnerRecord(dataDir) : null;
  return classifyDataDir({
    dataDir: await canonical(dataDir),
    pidFile,
    postmaster,
    owner,
    ownerAlive: owner ? isAlive(owner.pid) : false,
  });
}

/**
 * Who may run Postgres on `dataDir`: Postgres runs only as the owner of its data directory, so
 * as root we act as that owner (the `postgres` system user the package creates); otherwise as
 * ourselves.
 */
export async function dataDirOwner(dataDir: string): Promise<{ uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null;
  const { uid, gid } = await stat(dataDir);
  return { uid, gid };
}

/**
 * Stops the postmaster of `dataDir` with a fast shutdown (sessions are ended, a checkpoint is
 * written, nothing needs recovery at the next start), waiting up to `timeoutSeconds`.
 */
export async function stopPostmaster(
  pgCtl: string,
  dataDir: string,
  timeoutSeconds = 60,
): Promise<void> {
  const owner = await dataDirOwner(dataDir);
  try {
    await run(pgCtl, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', String(timeoutSeconds)], {
      ...(owner ?? {}),
    });
  } catch (error) {
    const { stderr, stdout, message } = error as { stderr?: string; stdout?: string } & Error;
    throw new Error(`pg_ctl stop failed: ${(stderr || stdout || message).trim()}`, {
      cause: error,
    });
  }
}
