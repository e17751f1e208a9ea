/**
 * Every backup stream is in the `backup` category, which a restore never deletes or replaces:
 * the log must keep knowing the backup files that exist (see docs/backup.md).
 */
export function backupStreamId(backupId: string): string {
  return `backup-${backupId}`;
}

export const BACKUP_CONFIG_STREAM = 'backup-config';
