import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import { systemContext } from '../../core/context';
import type { CommandRunner } from '../../core/command-runner';
import type { NewEvent } from '../../../shared/events';
import type { Db } from '../../db/schema';
import type { Projection } from '../../eventstore/projection';
import { qb, statement } from '../../db/statement';
import { HashingCounter, backupDir, backupFileName, backupKey, encryptor } from './backup-files';
import type { BackupRow } from './backup-presenter';
import { readBackupConfig, readBackupRow } from './backup-read';
import { pushBackup, recordBackupEvents } from './commands';
import { ParallelGzip } from './parallel-gzip';
import { RowCounter, ThrottledReporter } from './progress';

export interface RunnerDeps {
  db: Db;
  commands: CommandRunner;
  projections: readonly Projection[];
  connectionString: string;
  config: Config;
  logger: Logger;
}

/** The columns a backup file holds, in COPY text format; restore reads the same list. */
export const BACKUP_COLUMNS =
  'global_position, stream_id, stream_version, type, data, metadata, occurred_at';

const XID = /^\d{1,20}$/;

export class BackupCancelledError extends Error {
  constructor() {
    super('The server stopped while the backup was running.');
    this.name = 'BackupCancelledError';
  }
}

/** Records what happened to the backup, clearing its progress row when it is over, then pushes it. */
async function recordBackup(deps: RunnerDeps, backupId: string, event: NewEvent, over = false) {
  const effects = over
    ? [statement(qb.deleteFrom('backup_progress').where('backup_id', '=', backupId))]
    : [];
  await deps.commands.run(
    recordBackupEvents,
    { backupId, events: [event], effects },
    systemContext(),
  );
  await pushBackup(deps.db, backupId);
}

interface Census {
  totalEvents: number;
  firstPosition: number;
  lastPosition: number;
  /** Events per stream category (a stream id up to its first '-'). */
  collections: Record<string, number>;
}

/**
 * What the backup's range holds (for the progress percent and the file's metadata), read in the
 * exported snapshot on a second connection while the COPY streams: one scan that Postgres runs
 * beside the COPY, where counting the categories in the stream cost the writer's event loop about
 * as much as the COPY itself (docs/performance.md).
 */
async function takeCensus(
  connectionString: string,
  snapshot: string,
  range: string,
): Promise<Census> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query(`set transaction snapshot '${snapshot.replace(/'/g, '')}'`);
    const { rows } = await client.query<{
      category: string;
      events: string;
      first: string;
      last: string;
    }>(
      `select split_part(stream_id, '-', 1) as category, count(*) as events,
              min(global_position) as first, max(global_position) as last
       from events where ${range} group by 1`,
    );
    await client.query('commit');
    return {
      totalEvents: rows.reduce((sum, row) => sum + Number(row.events), 0),
      firstPosition: rows.length ? Math.min(...rows.map((row) => Number(row.first))) : 0,
      lastPosition: rows.length ? Math.max(...rows.map((row) => Number(row.last))) : 0,
      collections: Object.fromEntries(rows.map((row) => [row.category, Number(row.events)])),
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * BACKUP_MAX_EVENTS_PER_SECOND, unless the database sets `agora.backup_max_events_per_second`
 * (the test route does, so every server process on the database sees the same cap).
 */
async function rateCap(client: pg.Client, config: Config): Promise<number> {
  const { rows } = await client.query<{ cap: string | null }>(
    `select current_setting('agora.backup_max_events_per_second', true) as cap`,
  );
  const cap = Number(rows[0]?.cap);
  return Number.isInteger(cap) && cap > 0 ? cap : config.BACKUP_MAX_EVENTS_PER_SECOND;
}

/**
 * Writes one pending backup on `client` (a dedicated connection): a repeatable-read snapshot
 * fixes the cut, COPY streams the rows through gzip (level 1, on several threads), the optional
 * cipher and a hash into a temporary file that is renamed when complete. The file holds every
 * event of the transactions in [fromXid, toXid): toXid is the snapshot's xmin, so no transaction
 * below it can still commit and the next backup, starting there, misses nothing.
 */
export async function writeBackup(
  deps: RunnerDeps,
  client: pg.Client,
  backup: BackupRow,
  signal: AbortSignal,
): Promise<void> {
  const started = Date.now();
  const dir = backupDir(deps.config);
  const settings = (await readBackupConfig(deps.db)).config;
  const key = settings.encryption.enabled ? backupKey(deps.config) : null;
  if (settings.encryption.enabled && !key) {
    throw new Error('Encryption is enabled but BACKUP_ENCRYPTION_KEY is not set.');
  }
  const fileName = backupFileName(backup.id, key !== null);
  const target = path.join(dir, fileName);
  const partial = `${target}.partial`;

  let fromXid = '0';
  if (backup.base_backup_id) {
    const base = await readBackupRow(deps.db, backup.base_backup_id);
    if (!base || base.status !== 'completed' || !base.to_xid) {
      throw new Error(`The backup ${backup.base_backup_id} this one builds on is not available.`);
    }
    fromXid = base.to_xid;
  }

  await client.query('begin isolation level repeatable read read only');
  try {
    const {
      rows: [cut],
    } = await client.query<{ xmin: string }>(
      'select pg_snapshot_xmin(pg_current_snapshot())::text as xmin',
    );
    const toXid = cut!.xmin;
    if (!XID.test(toXid) || !XID.test(fromXid)) throw new Error('unexpected transaction id');
    const range = `transaction_id >= '${fromXid}'::xid8 and transaction_id < '${toXid}'::xid8`;
    const {
      rows: [exported],
    } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    await deps.db
      .insertInto('backup_progress')
      .values({ backup_id: backup.id, events_written: 0, total_events: 0 })
      .onConflict((oc) => oc.column('backup_id').doUpdateSet({ events_written: 0 }))
      .execute();
    // Counted on a second connection in the same snapshot while the COPY streams.
    const counted = takeCensus(deps.connectionString, exported!.snapshot, range).then(
      async (census) => {
        await deps.db
          .updateTable('backup_progress')
          .set({ total_events: census.totalEvents })
          .where('backup_id', '=', backup.id)
          .execute();
        await recordBackup(deps, backup.id, {
          type: 'BackupSnapshotTaken',
          data: { backupId: backup.id, fromXid, toXid, totalEvents: census.totalEvents },
        });
        return census;
      },
    );
    // Settled either way before the transaction that exported the snapshot ends.
    counted.catch(() => undefined);

    let counter: RowCounter | null = null;
    const reporter = new ThrottledReporter(async () => {
      try {
        await deps.db
          .updateTable('backup_progress')
          .set({ events_written: counter?.rows ?? 0, updated_at: new Date() })
          .where('backup_id', '=', backup.id)
          .execute();
        await pushBackup(deps.db, backup.id);
      } catch (error) {
        deps.logger.warn({ err: error, backupId: backup.id }, 'backup progress not reported');
      }
    });
    counter = new RowCounter(() => reporter.tick(), await rateCap(client, deps.config));
    const hashed = new HashingCounter();
    await mkdir(dir, { recursive: true });
    const copy = client.query(
      copyTo(`copy (select ${BACKUP_COLUMNS} from events where ${range}) to stdout`),
    );
    const gzip = new ParallelGzip({ level: 1 });
    try {
      const stages: (NodeJS.ReadableStream | NodeJS.WritableStream)[] = [
        copy,
        counter,
        gzip,
        ...(key ? [encryptor(key)] : []),
        hashed,
        createWriteStream(partial),
      ];
      await pipeline(stages, { signal });
    } catch (error) {
      await counted.catch(() => undefined);
      await rm(partial, { force: true });
      throw signal.aborted ? new BackupCancelledError() : error;
    } finally {
      await reporter.flush();
    }
    const { firstPosition, lastPosition, collections } = await counted;
    await rename(partial, target);
    await client.query('commit');

    await recordBackup(
      deps,
      backup.id,
      {
        type: 'BackupCompleted',
        data: {
          backupId: backup.id,
          fileName,
          size: hashed.bytes,
          checksum: hashed.hash.digest('hex'),
          encrypted: key !== null,
          firstPosition,
          lastPosition,
          collections,
          totalDocuments: counter.rows,
          compressionRatio:
            hashed.bytes === 0 ? 0 : Math.round((counter.bytes / hashed.bytes) * 100) / 100,
          durationMs: Date.now() - started,
        },
      },
      true,
    );
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/** Records why a backup did not complete (cancelled when the process stopped under it). */
export async function recordBackupFailure(
  deps: RunnerDeps,
  backupId: string,
  error: unknown,
): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await recordBackup(
    deps,
    backupId,
    error instanceof BackupCancelledError
      ? { type: 'BackupCancelled', data: { backupId, reason: message } }
      : { type: 'BackupFailed', data: { backupId, error: message.slice(0, 2000) } },
    true,
  );
}
