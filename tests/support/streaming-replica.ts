import { execFile } from 'node:child_process';
import { appendFile, chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import {
  embeddedConnectionString,
  startEmbeddedPostgres,
  type EmbeddedDatabase,
} from '../../server/db/embedded-postgres';
import { freePort } from './free-port';

const run = promisify(execFile);

export interface StreamingPair {
  /** The `agora` database on the primary, and the same database on the replica. */
  primaryUrl: string;
  replicaUrl: string;
  /** Fast shutdown of the replica; `startReplica` brings it back, streaming where it stopped. */
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** Resolves once the replica streams from the primary and has replayed all it has written. */
  caughtUp(timeoutMs?: number): Promise<void>;
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  stop(): Promise<void>;
}

const REPLICA_NAME = 'agora_replica';

async function query<Row extends pg.QueryResultRow>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A primary and a streaming replica of it on loopback, both from the embedded Postgres binaries
 * (which have no pg_basebackup, and the system's may be of an older major version). The base
 * backup is the simplest valid one: the primary is stopped cleanly and its directory copied
 * (`cp -a` keeps the owner Postgres runs as); the copy gets `standby.signal` and a
 * `primary_conninfo`. The primary keeps enough WAL (`wal_keep_size`) for a replica stopped for
 * a while to catch up when started again.
 */
export async function startStreamingPair(): Promise<StreamingPair> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agora-replica-pg-'));
  // Under root, Postgres runs as the `postgres` user, which must be able to enter the folder.
  await chmod(dir, 0o755);
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const primaryPort = await freePort();
  const replicaPort = await freePort();

  let primary: EmbeddedDatabase | null = await startEmbeddedPostgres({
    dataDir: primaryDir,
    port: primaryPort,
  });
  await primary.stop();
  await appendFile(
    path.join(primaryDir, 'postgresql.auto.conf'),
    "wal_level = replica\nwal_keep_size = '512MB'\n",
  );
  await appendFile(
    path.join(primaryDir, 'pg_hba.conf'),
    '\nhost replication all 127.0.0.1/32 password\n',
  );
  await run('cp', ['-a', primaryDir, replicaDir]);
  await rm(path.join(replicaDir, 'postmaster.pid'), { force: true });
  await rm(path.join(replicaDir, 'postmaster.opts'), { force: true });
  await writeFile(path.join(replicaDir, 'standby.signal'), '');
  await appendFile(
    path.join(replicaDir, 'postgresql.auto.conf'),
    `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=agora password=agora application_name=${REPLICA_NAME}'\n` +
      'hot_standby = on\nhot_standby_feedback = on\n',
  );
  // The copy keeps the primary's owner; standby.signal is written by us, as root maybe.
  await run('chown', [
    '--reference',
    path.join(replicaDir, 'PG_VERSION'),
    path.join(replicaDir, 'standby.signal'),
  ]);

  primary = await startEmbeddedPostgres({ dataDir: primaryDir, port: primaryPort });
  let replica: EmbeddedDatabase | null = await startEmbeddedPostgres({
    dataDir: replicaDir,
    port: replicaPort,
  }).catch(async (error: unknown) => {
    await primary?.stop();
    throw error;
  });

  const primaryUrl = primary.connectionString;
  const replicaUrl = embeddedConnectionString(replicaPort);

  const caughtUp = async (timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [written] = await query<{ lsn: string }>(
        primaryUrl,
        'select pg_current_wal_lsn()::text as lsn',
      );
      const [row] = await query<{ replayed: boolean }>(
        replicaUrl,
        `select pg_last_wal_replay_lsn() >= '${written!.lsn}'::pg_lsn
           and pg_last_wal_receive_lsn() is not null as replayed`,
      ).catch(() => []);
      if (row?.replayed) return;
      if (Date.now() > deadline) throw new Error('the replica did not catch up in time');
      await sleep(50);
    }
  };
  await caughtUp();

  return {
    primaryUrl,
    replicaUrl,
    caughtUp,
    stopReplica: async () => {
      await replica?.stop();
      replica = null;
    },
    startReplica: async () => {
      replica ??= await startEmbeddedPostgres({ dataDir: replicaDir, port: replicaPort });
    },
    pauseReplay: async () => {
      await query(replicaUrl, 'select pg_wal_replay_pause()');
    },
    resumeReplay: async () => {
      await query(replicaUrl, 'select pg_wal_replay_resume()');
    },
    stop: async () => {
      await replica?.stop();
      await primary?.stop();
      replica = null;
      primary = null;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
