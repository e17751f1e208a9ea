import { sql } from 'kysely';
import type { EventType } from '../../../shared/events';
import { qb, statement, type Statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';

const handles = [
  'BackupStarted',
  'BackupSnapshotTaken',
  'BackupCompleted',
  'BackupFailed',
  'BackupCancelled',
  'BackupDeleted',
  'BackupConfigChanged',
] as const satisfies readonly EventType[];

/** Every change bumps `version`, so an operator's client keeps the newest state of a backup. */
function update(backupId: string, values: Record<string, unknown>): Statement {
  return statement(
    qb
      .updateTable('backups')
      .set({ ...values, version: sql<number>`version + 1` })
      .where('id', '=', backupId),
  );
}

export const backupsProjection: Projection = {
  name: 'backups',
  tables: ['backups', 'backup_config'],
  handles,
  project(event) {
    switch (event.type) {
      case 'BackupStarted':
        return [
          statement(
            qb.insertInto('backups').values({
              id: event.data.backupId,
              type: event.data.type,
              status: 'pending',
              base_backup_id: event.data.baseBackupId,
              scheduled: event.data.scheduled,
              started_at: event.occurredAt,
              collections: JSON.stringify({}),
              version: 1,
            }),
          ),
        ];
      case 'BackupSnapshotTaken':
        return [
          update(event.data.backupId, {
            status: 'running',
            from_xid: event.data.fromXid,
            to_xid: event.data.toXid,
            total_events: event.data.totalEvents,
          }),
        ];
      case 'BackupCompleted':
        return [
          update(event.data.backupId, {
            status: 'completed',
            completed_at: event.occurredAt,
            duration_ms: event.data.durationMs,
            file_name: event.data.fileName,
            size: event.data.size,
            checksum: event.data.checksum,
            encrypted: event.data.encrypted,
            first_position: event.data.firstPosition,
            last_position: event.data.lastPosition,
            collections: JSON.stringify(event.data.collections),
            total_documents: event.data.totalDocuments,
            compression_ratio: event.data.compressionRatio,
          }),
        ];
      case 'BackupFailed':
        return [
          update(event.data.backupId, {
            status: 'failed',
            completed_at: event.occurredAt,
            error: event.data.error,
          }),
        ];
      case 'BackupCancelled':
        return [
          update(event.data.backupId, {
            status: 'cancelled',
            completed_at: event.occurredAt,
            error: event.data.reason,
          }),
        ];
      case 'BackupDeleted':
        return [statement(qb.deleteFrom('backups').where('id', '=', event.data.backupId))];
      case 'BackupConfigChanged':
        return [
          statement(
            qb
              .insertInto('backup_config')
              .values({
                id: 1,
                config: JSON.stringify(event.data.config),
                changed_at: event.occurredAt,
                version: 1,
              })
              .onConflict((oc) =>
                oc.column('id').doUpdateSet({
                  config: JSON.stringify(event.data.config),
                  changed_at: event.occurredAt,
                  version: sql<number>`backup_config.version + 1`,
                }),
              ),
          ),
        ];
      default:
        return [];
    }
  },
};
