import { z } from 'zod';
import { backupConfigSchema, backupTypeSchema } from '../ops/backups';

/** An xid8 as text: backups cut the log by transaction id (see docs/backup.md). */
const xid = z.string().regex(/^\d{1,20}$/);

/** Backup lifecycle (spec 002 §3 Backup). Streams `backup-<id>` and `backup-config`. */
export const backupEvents = {
  BackupStarted: z.strictObject({
    backupId: z.uuid(),
    type: backupTypeSchema,
    baseBackupId: z.uuid().nullable(),
    scheduled: z.boolean(),
  }),
  /** The snapshot is taken: the backup holds events of transactions in [fromXid, toXid). */
  BackupSnapshotTaken: z.strictObject({
    backupId: z.uuid(),
    fromXid: xid,
    toXid: xid,
    totalEvents: z.number().int().min(0),
  }),
  BackupCompleted: z.strictObject({
    backupId: z.uuid(),
    fileName: z.string().min(1),
    size: z.number().int().min(0),
    checksum: z.string().length(64),
    encrypted: z.boolean(),
    firstPosition: z.number().int().min(0),
    lastPosition: z.number().int().min(0),
    collections: z.record(z.string(), z.number().int().min(0)),
    totalDocuments: z.number().int().min(0),
    compressionRatio: z.number().min(0),
    durationMs: z.number().int().min(0),
  }),
  BackupFailed: z.strictObject({ backupId: z.uuid(), error: z.string().max(2000) }),
  BackupCancelled: z.strictObject({ backupId: z.uuid(), reason: z.string().max(500) }),
  BackupDeleted: z.strictObject({
    backupId: z.uuid(),
    reason: z.enum(['manual', 'retention']),
  }),
  BackupConfigChanged: z.strictObject({ config: backupConfigSchema }),
};
