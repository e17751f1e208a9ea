import type { Generated } from 'kysely';

export interface BackupProgressTable {
  backup_id: string;
  events_written: number;
  total_events: number;
  updated_at: Generated<Date>;
}
