import type { Generated } from 'kysely';
import type { RestoreStatus } from '../../../shared/ops/backups';

export interface BackupRestoresTable {
  id: string;
  backup_id: string;
  status: RestoreStatus;
  progress: Generated<number>;
  collections: string[] | null;
  overwrite: boolean;
  restored_events: Generated<number>;
  requested_by: string | null;
  started_at: Generated<Date>;
  finished_at: Date | null;
  error: string | null;
  version: Generated<number>;
}
