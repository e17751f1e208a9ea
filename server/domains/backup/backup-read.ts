import {
  BACKUP_LIST_LIMIT,
  DEFAULT_BACKUP_CONFIG,
  type Backup,
  type BackupConfigView,
  type BackupStats,
  type RestoreJob,
} from '../../../shared/ops/backups';
import type { Config } from '../../config';
import type { Db, Trx } from '../../db/schema';
import { presentBackup, presentRestore, type BackupRow } from './backup-presenter';

type Reader = Db | Trx;

export async function readBackupRow(db: Reader, backupId: string): Promise<BackupRow | undefined> {
  return db.selectFrom('backups').selectAll().where('id', '=', backupId).executeTakeFirst();
}

export async function readBackup(db: Reader, backupId: string): Promise<Backup | null> {
  const row = await readBackupRow(db, backupId);
  if (!row) return null;
  const progress = await db
    .selectFrom('backup_progress')
    .select(['events_written', 'total_events'])
    .where('backup_id', '=', backupId)
    .executeTakeFirst();
  return presentBackup(row, progress ?? null);
}

export async function listBackups(db: Reader): Promise<Backup[]> {
  const rows = await db
    .selectFrom('backups')
    .leftJoin('backup_progress', 'backup_progress.backup_id', 'backups.id')
    .selectAll('backups')
    .select(['backup_progress.events_written', 'backup_progress.total_events as progress_total'])
    .orderBy('started_at', 'desc')
    .orderBy('id')
    .limit(BACKUP_LIST_LIMIT)
    .execute();
  return rows.map(({ events_written, progress_total, ...row }) =>
    presentBackup(
      row,
      events_written === null || progress_total === null
        ? null
        : { events_written, total_events: progress_total },
    ),
  );
}

export async function readBackupStats(db: Reader, config: Config): Promise<BackupStats> {
  const row = await db
    .selectFrom('backups')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('id').filterWhere('status', '=', 'completed').as('completed'),
      eb.fn
        .count<number>('id')
        .filterWhere('status', 'in', ['completed', 'failed', 'cancelled'])
        .as('finished'),
      eb.fn.avg<number | null>('duration_ms').filterWhere('status', '=', 'completed').as('avg'),
      eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('size'),
    ])
    .executeTakeFirstOrThrow();
  const totalSize = Number(row.size);
  return {
    totalBackups: Number(row.total),
    successRate:
      Number(row.finished) === 0
        ? 0
        : Math.round((Number(row.completed) / Number(row.finished)) * 1000) / 10,
    averageBackupTime: row.avg === null ? 0 : Math.round(Number(row.avg)),
    totalSize,
    storageUsed:
      config.BACKUP_STORAGE_LIMIT_BYTES === 0
        ? 0
        : Math.round((totalSize / config.BACKUP_STORAGE_LIMIT_BYTES) * 10000) / 100,
    storageLimit: config.BACKUP_STORAGE_LIMIT_BYTES,
  };
}

export async function readBackupConfig(db: Reader): Promise<BackupConfigView> {
  const row = await db
    .selectFrom('backup_config')
    .select(['config', 'version'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row
    ? { config: row.config, version: row.version }
    : { config: DEFAULT_BACKUP_CONFIG, version: 0 };
}

export async function readRestoreJob(db: Reader, jobId: string): Promise<RestoreJob | null> {
  const row = await db
    .selectFrom('backup_restores')
    .selectAll()
    .where('id', '=', jobId)
    .executeTakeFirst();
  return row ? presentRestore(row) : null;
}

export async function listRestoreJobs(db: Reader): Promise<RestoreJob[]> {
  const rows = await db
    .selectFrom('backup_restores')
    .selectAll()
    .orderBy('started_at', 'desc')
    .limit(BACKUP_LIST_LIMIT)
    .execute();
  return rows.map(presentRestore);
}

/** Whether a backup is pending or running anywhere; commands check it under the command lock. */
export async function activeBackup(db: Reader): Promise<BackupRow | undefined> {
  return db
    .selectFrom('backups')
    .selectAll()
    .where('status', 'in', ['pending', 'running'])
    .orderBy('started_at')
    .executeTakeFirst();
}
