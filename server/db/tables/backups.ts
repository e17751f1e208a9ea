import type { Generated, JSONColumnType } from 'kysely';
import type { BackupStatus, BackupType } from '../../../shared/ops/backups';

export interface BackupsTable {
  id: string;
  type: BackupType;
  status: BackupStatus;
  base_backup_id: string | null;
  scheduled: boolean;
  started_at: Date;
  completed_at: Date | null;
  duration_ms: number | null;
  /** Transactions in [from_xid, to_xid) are in this backup's file. */
  from_xid: string | null;
  to_xid: string | null;
  total_events: number | null;
  file_name: string | null;
  size: Generated<number>;
  checksum: string | null;
  encrypted: Generated<boolean>;
  first_position: number | null;
  last_position: number | null;
  collections: JSONColumnType<Record<string, number>>;
  total_documents: Generated<number>;
  compression_ratio: Generated<number>;
  error: string | null;
  version: number;
}
