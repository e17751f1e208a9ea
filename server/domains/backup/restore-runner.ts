import { existsSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { sql } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { BACKUP_STREAM_CATEGORY, backupMessages } from '../../../shared/ops/backups';
import { OPS_EVENTS } from '../../../shared/ops/realtime';
import type { Config } from '../../config';
import type { Db, Trx } from '../../db/schema';
import {
  ensureEventPartitions,
  EVENT_PARTITIONS_LOCK,
  eventPartitionPlan,
} from '../../eventstore/partitions';
import { insertEventsInBulk } from '../../eventstore/bulk-insert';
import { replayIntoReadModels } from '../../eventstore/rebuild';
import { reapplyErasures } from '../account/erasure-replay';
import { publishOps } from '../../realtime/ops-channel';
import { BackupKeyError, backupDir, backupKey, openBackupFile, sha256OfFile } from './backup-files';
import { presentRestore, type BackupRow, type RestoreRow } from './backup-presenter';
import { readBackupRow } from './backup-read';
import { BACKUP_COLUMNS, type RunnerDeps } from './backup-writer';
import { kyselyOnClient } from './client-db';
import { BACKUP_WORK_CHANNEL } from './commands';
import { RowCounter, ThrottledReporter } from './progress';

/** A restore refused before anything changed; its message is the operator's. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

/** The backup and every backup it builds on, oldest (the full one) first. */
export async function resolveChain(db: Db, backupId: string): Promise<BackupRow[]> {
  const chain: BackupRow[] = [];
  let id: string | null = backupId;
  while (id) {
    const row = await readBackupRow(db, id);
    if (!row || row.status !== 'completed' || !row.file_name) {
      throw new RestoreRefusedError(
        id === backupId ? backupMessages.restoreOnlyCompleted : backupMessages.chainBroken(id),
      );
    }
    chain.unshift(row);
    id = row.base_backup_id;
  }
  return chain;
}

/**
 * Checks every file of the chain before anything is written: present, the recorded checksum,
 * and (for encrypted ones) authenticated by the configured key.
 */
export async function verifyChain(config: Config, chain: BackupRow[]): Promise<void> {
  const dir = backupDir(config);
  for (const backup of chain) {
    const file = path.join(dir, backup.file_name!);
    if (!existsSync(file))
      throw new RestoreRefusedError(backupMessages.fileMissing(backup.file_name!));
    if ((await sha256OfFile(file)) !== backup.checksum) {
      throw new RestoreRefusedError(backupMessages.checksumMismatch(backup.file_name!));
    }
  }
  const key = backupKey(config);
  const refuse = (error: unknown) => {
    throw error instanceof BackupKeyError
      ? new RestoreRefusedError(backupMessages.wrongKey)
      : error;
  };
  for (const backup of chain.filter((b) => b.encrypted)) {
    const plain = await openBackupFile(path.join(dir, backup.file_name!), true, key).catch(refuse);
    const sink = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    await pipeline(plain, sink).catch(refuse);
  }
}

/** How long the locks are tried without waiting before the restore queues for them. */
const LOCK_TRYING_MS = 5_000;
const LOCK_RETRY_MS = 20;
/** How long one queued attempt may wait for a lock before it lets go of what it has. */
const LOCK_WAIT_MS = 2_000;
/** How long the restore goes on trying before it fails, saying the data stayed in use. */
const LOCK_GIVE_UP_MS = 10 * 60_000;

/**
 * Appends wait until the restore commits (reads of the log go on); the read models, which the
 * rebuild truncates, are locked up front in one go. The partition maker's lock comes first: the
 * restore makes the partitions its positions need while it holds the log, and a maker on
 * another connection holds that lock while its ATTACH waits for the log.
 *
 * Locks are first tried without waiting (a reader holding one read model while it waits for
 * another could otherwise deadlock with us), for a time rather than a count of tries, so that on
 * a loaded machine the restore still queues after `LOCK_TRYING_MS`. Once queued, no wait is
 * longer than `LOCK_WAIT_MS`: a transaction that holds a read model while its process waits on
 * another connection that the restore's locks block is a deadlock Postgres cannot see, and only
 * letting go of what the restore holds, then queueing again, breaks it.
 */
export async function lockForRestore(
  client: pg.Client,
  projections: RunnerDeps['projections'],
  signal: AbortSignal,
): Promise<void> {
  const readModels = [...new Set(projections.flatMap((p) => p.tables))].map((t) => `"${t}"`);
  const tables = [
    'lock table events in exclusive mode',
    `lock table ${readModels.join(', ')} in access exclusive mode`,
  ];
  const tryAll = async (): Promise<boolean> => {
    const { rows } = await client.query<{ locked: boolean }>(
      `select pg_try_advisory_xact_lock(${EVENT_PARTITIONS_LOCK}) as locked`,
    );
    if (rows[0]?.locked !== true) return false;
    for (const statement of tables) await client.query(`${statement} nowait`);
    return true;
  };
  const queueFor = async (): Promise<boolean> => {
    const { rows } = await client.query<{ setting: string }>(
      `select current_setting('lock_timeout') as setting`,
    );
    await client.query(`set local lock_timeout = ${LOCK_WAIT_MS}`);
    await client.query(`select pg_advisory_xact_lock(${EVENT_PARTITIONS_LOCK})`);
    for (const statement of tables) await client.query(statement);
    await client.query(`select set_config('lock_timeout', $1, true)`, [rows[0]!.setting]);
    return true;
  };
  const started = Date.now();
  for (;;) {
    // A stopping process does not wait out the locks: its restore fails and says why.
    if (signal.aborted) throw new Error('Interrupted: the process running it stopped.');
    const elapsed = Date.now() - started;
    if (elapsed >= LOCK_GIVE_UP_MS) {
      throw new Error(
        `the event log and read models stayed in use for ${LOCK_GIVE_UP_MS / 60_000} minutes`,
      );
    }
    const queued = elapsed >= LOCK_TRYING_MS;
    await client.query('savepoint restore_locks');
    try {
      if (await (queued ? queueFor() : tryAll())) {
        await client.query('release savepoint restore_locks');
        return;
      }
    } catch (error) {
      // A refused `nowait` and an expired `lock_timeout` are 55P03; a deadlock Postgres saw and
      // broke on our side (40P01) is let go of the same way.
      if (!['55P03', '40P01'].includes((error as { code?: string }).code ?? '')) throw error;
    }
    await client.query('rollback to savepoint restore_locks');
    if (!queued) await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
}

async function setJob(
  db: Db,
  jobId: string,
  values: Partial<Pick<RestoreRow, 'status' | 'progress' | 'error' | 'restored_events'>> & {
    finished?: boolean;
  },
): Promise<void> {
  const { finished, ...rest } = values;
  const row = await db
    .updateTable('backup_restores')
    .set({
      ...rest,
      ...(finished ? { finished_at: new Date() } : {}),
      version: sql<number>`version + 1`,
    })
    .where('id', '=', jobId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await publishOps(db, OPS_EVENTS.restore, presentRestore(row));
}

/**
 * Restores the log from a backup chain in one transaction on `client`, then rebuilds every read
 * model before committing: either all of it shows, or nothing changed.
 *
 * - Every file's checksum is verified first; a damaged or missing file refuses the restore.
 * - Restored rows keep their global positions; the identity sequence moves past them.
 * - `overwrite` deletes the events of the chosen categories first (a point-in-time restore of
 *   them); without it only events missing from the log are added.
 * - Streams of the `backup` category are never deleted or replaced, only completed with missing
 *   events, so the log keeps knowing every backup file that exists.
 * - The rows get this transaction's id, which is announced to every relay before the commit so
 *   that they skip it instead of pushing history to members.
 */
export async function runRestore(
  deps: RunnerDeps,
  client: pg.Client,
  job: RestoreRow,
  signal: AbortSignal,
) {
  const { db } = deps;
  const percent = (value: number) => Math.max(0, Math.min(99, Math.round(value)));
  await setJob(db, job.id, { status: 'running', progress: 1 });

  const chain = await resolveChain(db, job.backup_id);
  await verifyChain(deps.config, chain);
  const dir = backupDir(deps.config);
  const key = backupKey(deps.config);
  await setJob(db, job.id, { progress: 10 });

  const total = chain.reduce((sum, b) => sum + b.total_documents, 0);
  let phase = 'load';
  let done = 0;
  const reporter = new ThrottledReporter(async () => {
    const value =
      phase === 'load'
        ? 10 + (done / Math.max(total, 1)) * 40
        : 60 + (done / Math.max(total, 1)) * 35;
    await setJob(db, job.id, { progress: percent(value) }).catch((error: unknown) =>
      deps.logger.warn({ err: error, jobId: job.id }, 'restore progress not reported'),
    );
  });

  const trxDb = kyselyOnClient(client);
  await client.query('begin');
  try {
    const {
      rows: [own],
    } = await client.query<{ xid: string }>('select pg_current_xact_id()::text as xid');
    await sql`select pg_notify(${BACKUP_WORK_CHANNEL}, ${`skip:${own!.xid}`})`.execute(db);
    await lockForRestore(client, deps.projections, signal);
    await client.query(`create temp table restore_staging (
        global_position bigint not null, stream_id text not null, stream_version integer not null,
        type text not null, data jsonb not null, metadata jsonb not null,
        occurred_at timestamptz not null,
        link integer not null default current_setting('agora.restore_link')::integer
      ) on commit drop`);

    for (const [link, backup] of chain.entries()) {
      await client.query(`select set_config('agora.restore_link', $1, true)`, [String(link)]);
      const plain = await openBackupFile(path.join(dir, backup.file_name!), backup.encrypted, key);
      const before = done;
      const counting: RowCounter = new RowCounter(() => {
        done = before + counting.rows;
        reporter.tick();
      });
      await pipeline(
        plain,
        createGunzip(),
        counting,
        client.query(copyFrom(`copy restore_staging (${BACKUP_COLUMNS}) from stdin`)),
      );
      done = before + counting.rows;
    }

    if (job.collections) {
      await client.query(
        `delete from restore_staging where split_part(stream_id, '-', 1) <> all($1::text[])`,
        [job.collections],
      );
    }
    if (job.overwrite) {
      await client.query(
        `delete from events where split_part(stream_id, '-', 1) <> $1
           and ($2::text[] is null or split_part(stream_id, '-', 1) = any($2::text[]))`,
        [BACKUP_STREAM_CATEGORY, job.collections],
      );
    }
    // A later link of the chain may hold an event again (re-inserted by an earlier restore):
    // the newest copy wins. What this inserts is what the job reports as restored: the events
    // the log lacked (or, overwriting, replaced). A backup the log still holds whole restores
    // none, which the console words as such (`restoreOutcome`).
    const source =
      chain.length > 1
        ? `(select distinct on (global_position) * from restore_staging
             order by global_position, link desc)`
        : 'restore_staging';
    // The streams' versions start again from what the log now holds (the delete above may have
    // emptied streams), and restored rows go in in position order, which is each stream's
    // version order, so the log's check that a stream only moves forward (made for the whole set
    // at once by `insertEventsInBulk`) lets them in.
    await client.query(`delete from event_streams`);
    await client.query(`insert into event_streams (stream_id, version)
      select stream_id, max(stream_version) from events group by stream_id`);
    const {
      rows: [last],
    } = await client.query<{ position: string | null }>(
      'select max(global_position)::text as position from restore_staging',
    );
    await ensureEventPartitions(
      trxDb as unknown as Trx,
      eventPartitionPlan(deps.config),
      Number(last?.position ?? 0),
    );
    await client.query(`create temp table restore_rows on commit drop as
      select ${BACKUP_COLUMNS} from ${source} s
      where not exists (select 1 from events e where e.global_position = s.global_position)
        and not exists (select 1 from events e
                        where e.stream_id = s.stream_id and e.stream_version = s.stream_version)`);
    const inserted = await insertEventsInBulk(
      trxDb as unknown as Trx,
      'restore_rows',
      BACKUP_COLUMNS,
    );
    await client.query(`select setval(pg_get_serial_sequence('events', 'global_position'),
        coalesce((select max(global_position) from events), 0) + 1, false)`);
    // Members erased after the backup was taken come back with it: their events are redacted
    // again (and their deletion appended anew when the backup predates it) before the rebuild.
    await reapplyErasures(trxDb as unknown as Trx);

    phase = 'rebuild';
    done = 0;
    // Projections take a transaction; this Kysely runs inside the one `client` has open.
    const { events: count } = await replayIntoReadModels(
      trxDb as unknown as Trx,
      deps.projections,
      (events) => {
        done = Math.min(events, total);
        reporter.tick();
      },
    );
    // The progress write in flight is awaited only once the locks are gone: it takes a pool
    // connection, and while the restore holds every read model's lock the pool can be full of
    // requests waiting on those locks, so waiting for it here would never end.
    await client.query('commit');
    await reporter.flush();
    deps.logger.info({ jobId: job.id, restored: inserted, replayed: count }, 'restore completed');
    await setJob(db, job.id, {
      status: 'completed',
      progress: 100,
      restored_events: inserted,
      finished: true,
    });
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    await reporter.flush();
    if (error instanceof BackupKeyError) throw new RestoreRefusedError(backupMessages.wrongKey);
    throw error;
  }
}

export async function recordRestoreFailure(deps: RunnerDeps, jobId: string, error: unknown) {
  const message =
    error instanceof RestoreRefusedError
      ? error.message
      : `${backupMessages.restoreFailed}: ${error instanceof Error ? error.message : String(error)}`;
  await setJob(deps.db, jobId, { status: 'failed', error: message.slice(0, 2000), finished: true });
}
