import type { Selectable } from 'kysely';
import type { Backup, RestoreJob } from '../../../shared/ops/backups';
import type { BackupProgressTable } from '../../db/tables/backup-progress';
import type { BackupRestoresTable } from '../../db/tables/backup-restores';
import type { BackupsTable } from '../../db/tables/backups';

export type BackupRow = Selectable<BackupsTable>;
export type ProgressRow = Pick<Selectable<BackupProgressTable>, 'events_written' | 'total_events'>;
export type RestoreRow = Selectable<BackupRestoresTable>;

/**
 * One shape for REST and socket pushes. A running backup's version also counts its progress
 * writes, so each progress push outranks the one before it and the row's next event outranks all.
 */
const PROGRESS_STEPS = 100_000;
const progressStep = (written: number, total: number) =>
  Math.min(PROGRESS_STEPS - 1, Math.floor((written / total) * (PROGRESS_STEPS - 1)));

export function presentBackup(row: BackupRow, progress: ProgressRow | null): Backup {
  const running = row.status === 'running' || row.status === 'pending';
  const written = progress?.events_written ?? 0;
  const total = progress?.total_events ?? row.total_events ?? 0;
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    startTime: row.started_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    duration: row.duration_ms,
    size: row.size,
    checksum: row.checksum,
    encrypted: row.encrypted,
    baseBackupId: row.base_backup_id,
    metadata: {
      collections: row.collections,
      totalDocuments: row.total_documents,
      compressionRatio: row.compression_ratio,
    },
    progress: running
      ? {
          eventsWritten: written,
          totalEvents: total,
          percent: total === 0 ? 0 : Math.min(99, Math.floor((written / total) * 100)),
        }
      : null,
    error: row.error,
    version:
      row.version * PROGRESS_STEPS + (running && total > 0 ? progressStep(written, total) : 0),
  };
}

export function presentRestore(row: RestoreRow): RestoreJob {
  return {
    id: row.id,
    backupId: row.backup_id,
    status: row.status,
    progress: row.progress,
    startTime: row.started_at.toISOString(),
    error: row.error,
    collections: row.collections,
    overwrite: row.overwrite,
    restoredEvents: row.restored_events,
    version: row.version,
  };
}
