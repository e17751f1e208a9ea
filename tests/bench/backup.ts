import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Backup, RestoreJob } from '../../shared/ops/backups';
import { untilQuiet } from './cpu';
import { createMembers, progress } from './members';
import { fmt, row, type Row } from './report';
import type { ServerProcess } from './server-process';

/** The target: a backup reads the log at least half as fast as a bare COPY. */
export const BACKUP_TARGETS = { shareOfCopy: 0.5 };

export interface BackupBenchResult {
  rows: Row[];
  missed: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mbps = (bytes: number, ms: number) =>
  `${(bytes / 1024 / 1024 / (ms / 1000)).toFixed(1)} MB/s`;
const perSecond = (count: number, ms: number) => count / (ms / 1000);

async function api<T>(
  server: ServerProcess,
  cookie: string,
  method: string,
  url: string,
  body?: unknown,
) {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? null : await res.json()) as T;
}

/**
 * Every row of `events` copied to stdout into a sink that only counts: the floor any backup
 * stands on. The log is partitioned, and Postgres copies a partitioned table only through a query.
 */
async function bareCopy(
  connectionString: string,
): Promise<{ ms: number; bytes: number; rows: number }> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    let bytes = 0;
    const started = performance.now();
    const copy = client.query(copyTo('copy (select * from events) to stdout'));
    await pipeline(
      copy,
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          callback();
        },
      }),
    );
    return { ms: performance.now() - started, bytes, rows: copy.rowCount };
  } finally {
    await client.end();
  }
}

/** A full backup through the API, polled until it ends; `backupMs` is the server's own duration. */
async function fullBackup(server: ServerProcess, cookie: string) {
  const requested = performance.now();
  const started = await api<Backup>(server, cookie, 'POST', '/backups', { type: 'full' });
  let backup = started;
  while (backup.status === 'pending' || backup.status === 'running') {
    await sleep(50);
    backup = await api<Backup>(server, cookie, 'GET', `/backups/${started.id}`);
  }
  const wallMs = performance.now() - requested;
  if (backup.status !== 'completed') throw new Error(`backup ${backup.status}: ${backup.error}`);
  return { backup, wallMs, backupMs: backup.duration ?? wallMs };
}

/**
 * Seeds `events` events, measures a bare COPY of the table and a full backup through the API
 * (each twice, the second counted), and a restore of that backup into an emptied log (rows
 * inserted, then every read model rebuilt).
 */
export async function runBackupBench(
  server: ServerProcess,
  events: number,
): Promise<BackupBenchResult> {
  const [owner] = await createMembers(server.url, 1, 1);
  await api(server, '', 'POST', `/test/users/${owner!.id}/role`, { role: 'owner' });
  const cookie = owner!.cookie;

  progress(`backup: seeding ${fmt.int(events)} events`);
  const seedStarted = performance.now();
  await api(server, '', 'POST', '/test/backups/seed-events', { count: events });
  progress(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    await db.query('vacuum analyze events');
    // Counted up to the head as it is now: other writers (alert rules) may append meanwhile.
    const head = Number((await db.query('select max(global_position) as p from events')).rows[0].p);
    const domainEvents = async () =>
      Number(
        (
          await db.query(
            `select count(*) as n from events
             where stream_id not like 'backup-%' and global_position <= $1`,
            [head],
          )
        ).rows[0].n,
      );
    const total = await domainEvents();
    // The server's relay reads every seeded event after the seed commits: about a minute of one
    // core that fell on the baseline and the backups alike, by chance (docs/performance.md).
    progress('waiting for the server and Postgres to settle after the seed');
    const settledMs = await untilQuiet();
    progress(`settled after ${(settledMs / 1000).toFixed(1)} s`);

    progress('backup baseline: COPY (SELECT * FROM events) TO STDOUT');
    await bareCopy(server.databaseUrl);
    const copy = await bareCopy(server.databaseUrl);
    progress(
      `COPY: ${fmt.int(perSecond(copy.rows, copy.ms))} events/s, ${mbps(copy.bytes, copy.ms)}`,
    );

    // Measured as the baseline is: the first run of each readies the process and Postgres, and
    // the second is compared. A server's first backup runs its streams' code cold and grows its
    // heap under them (1.5–2.6 times as long as the next on 300,000 events); it is reported too.
    progress('backup: full backup through the API, twice');
    const first = await fullBackup(server, cookie);
    const { backup, wallMs, backupMs } = await fullBackup(server, cookie);
    await api(server, cookie, 'DELETE', `/backups/${first.backup.id}`).catch(() => undefined);
    const rawBytes = backup.size * backup.metadata.compressionRatio;
    const backupRate = perSecond(backup.metadata.totalDocuments, backupMs);
    const firstRate = perSecond(first.backup.metadata.totalDocuments, first.backupMs);
    const copyRate = perSecond(copy.rows, copy.ms);
    progress(
      `backup: ${fmt.int(backupRate)} events/s in ${(backupMs / 1000).toFixed(1)} s ` +
        `(the first: ${fmt.int(firstRate)} events/s)`,
    );

    progress('restore: emptying the log (backup streams stay), then restoring and rebuilding');
    await db.query(`delete from events where stream_id not like 'backup-%'`);
    const restoreRequested = performance.now();
    const job = await api<RestoreJob>(server, cookie, 'POST', `/backups/${backup.id}/restore`, {});
    let state: RestoreJob = job;
    // The owner's account is restored with the rest: read the job from the database meanwhile.
    while (state.status === 'pending' || state.status === 'running') {
      await sleep(100);
      const { rows } = await db.query<{
        status: RestoreJob['status'];
        restored_events: string;
        error: string | null;
      }>('select status, restored_events, error from backup_restores where id = $1', [job.id]);
      state = {
        ...state,
        status: rows[0]!.status,
        restoredEvents: Number(rows[0]!.restored_events),
        error: rows[0]!.error,
      };
    }
    const restoreMs = performance.now() - restoreRequested;
    if (state.status !== 'completed') throw new Error(`restore failed: ${state.error}`);
    const after = await domainEvents();
    progress(`restore + rebuild: ${fmt.int(perSecond(state.restoredEvents, restoreMs))} events/s`);

    const share = backupRate / copyRate;
    const rows: Row[] = [
      row('events in the log (outside backup streams)', total, fmt.int(total)),
      row(
        'wait for a quiet machine after the seed',
        settledMs,
        `${(settledMs / 1000).toFixed(1)} s`,
      ),
      row(
        'bare COPY (SELECT * FROM events) TO STDOUT',
        copyRate,
        `${fmt.int(copyRate)} events/s, ${mbps(copy.bytes, copy.ms)}`,
      ),
      row(
        'full backup (COPY → gzip 1 → file, sha256)',
        backupRate,
        `${fmt.int(backupRate)} events/s, ${mbps(rawBytes, backupMs)}`,
        {
          text: `≥ ${fmt.int(copyRate * BACKUP_TARGETS.shareOfCopy)} events/s (½ COPY)`,
          met: share >= BACKUP_TARGETS.shareOfCopy,
        },
      ),
      row('backup share of COPY rate', share, `${(share * 100).toFixed(0)}%`),
      row(
        "the server's first backup (cold), share of COPY rate",
        firstRate / copyRate,
        `${fmt.int(firstRate)} events/s, ${((firstRate / copyRate) * 100).toFixed(0)}%`,
      ),
      row(
        'backup file size',
        backup.size,
        `${(backup.size / 1024 / 1024).toFixed(1)} MB (×${backup.metadata.compressionRatio})`,
      ),
      row('backup duration (request to completed)', wallMs, `${(wallMs / 1000).toFixed(1)} s`),
      row(
        'restore + rebuild (verify, COPY in, insert, replay)',
        perSecond(state.restoredEvents, restoreMs),
        `${fmt.int(perSecond(state.restoredEvents, restoreMs))} events/s, ${(restoreMs / 1000).toFixed(1)} s`,
      ),
      row('events after restore (outside backup streams)', after, fmt.int(after), {
        text: `= ${fmt.int(total)}`,
        met: after === total,
      }),
    ];
    await api(server, cookie, 'DELETE', `/backups/${backup.id}`).catch(() => undefined);
    return { rows, missed: rows.filter((r) => r.result === 'FAIL').map((r) => r.metric) };
  } finally {
    await db.end();
  }
}
