import type { JSONColumnType } from 'kysely';
import type { BackupConfig } from '../../../shared/ops/backups';

export interface BackupConfigTable {
  id: number;
  config: JSONColumnType<BackupConfig>;
  /** When the schedule last changed: a schedule is due only for slots after it. */
  changed_at: Date;
  version: number;
}
