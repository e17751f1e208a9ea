import { z } from 'zod';
import { text } from '../api/text';

/** Backups and restores of the event log (spec 002 §3 Backup, §4, §5, §8, §9). */

export const BACKUP_TYPES = ['full', 'incremental', 'differential'] as const;
export const backupTypeSchema = z.enum(BACKUP_TYPES);
export type BackupType = z.infer<typeof backupTypeSchema>;

export const BACKUP_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;
export const backupStatusSchema = z.enum(BACKUP_STATUSES);
export type BackupStatus = z.infer<typeof backupStatusSchema>;

export const RESTORE_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export type RestoreStatus = (typeof RESTORE_STATUSES)[number];

export const BACKUP_LIST_LIMIT = 50;
/** Spec §9: a backup under 5 s is excellent, under 10 s good. */
export const BACKUP_THRESHOLDS_MS = { excellent: 5000, good: 10000 } as const;
/** Spec §9 refresh intervals; only a fallback while the socket is down. */
export const BACKUP_REFRESH_MS = 30_000;
export const BACKUP_STATUS_POLL_MS = 5000;
export const BACKUP_REFRESH_AFTER_ACTION_MS = 1000;

/** A stream's category is the part of its id before the first '-' (`user`, `friendship`, ...). */
export const BACKUP_STREAM_CATEGORY = 'backup';
export function streamCategory(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash < 0 ? streamId : streamId.slice(0, dash);
}

export const backupMessages = {
  loadFailed: 'Failed to load backup data',
  startFailed: 'Failed to start backup',
  restoreFailed: 'Failed to restore from backup',
  deleteFailed: 'Failed to delete backup',
  configFailed: 'Failed to update configuration',
  backupIdRequired: 'Please enter a backup ID',
  alreadyRunning: 'A backup is already running.',
  notFound: 'Backup not found.',
  restoreNotFound: 'Restore job not found.',
  restoreOnlyCompleted: 'Only a completed backup can be restored.',
  deleteRunning: 'A running backup cannot be deleted.',
  restoreRunning: 'A restore is already running.',
  encryptionWithoutKey:
    'Encryption needs BACKUP_ENCRYPTION_KEY (32 bytes, hex or base64) set on the server.',
  providerNotConfigured: (type: string) => `The ${type} backup provider is not configured.`,
  checksumMismatch: (fileName: string) =>
    `Backup file ${fileName} is damaged: its checksum does not match. Nothing was restored.`,
  fileMissing: (fileName: string) => `Backup file ${fileName} is missing. Nothing was restored.`,
  wrongKey: 'The backup cannot be decrypted with the configured key. Nothing was restored.',
  chainBroken: (id: string) => `Backup ${id} that this backup builds on is not available.`,
  invalidTimezone: 'Unknown time zone',
} as const;

export const backupMetadataSchema = z.object({
  /** Events per stream category. */
  collections: z.record(z.string(), z.number()),
  totalDocuments: z.number(),
  /** Uncompressed bytes over file bytes. */
  compressionRatio: z.number(),
});
export type BackupMetadata = z.infer<typeof backupMetadataSchema>;

export const backupProgressSchema = z.object({
  eventsWritten: z.number(),
  totalEvents: z.number(),
  percent: z.number(),
});
export type BackupProgress = z.infer<typeof backupProgressSchema>;

export const backupSchema = z.object({
  id: z.uuid(),
  type: backupTypeSchema,
  status: backupStatusSchema,
  startTime: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  /** Milliseconds from start to completion. */
  duration: z.number().nullable(),
  size: z.number(),
  checksum: z.string().nullable(),
  encrypted: z.boolean(),
  /** The backup an incremental or differential one builds on. */
  baseBackupId: z.uuid().nullable(),
  metadata: backupMetadataSchema,
  progress: backupProgressSchema.nullable(),
  error: z.string().nullable(),
  /** Rises with every change to this backup; a client keeps the highest. */
  version: z.number().int(),
});
export type Backup = z.infer<typeof backupSchema>;

export const backupStatsSchema = z.object({
  totalBackups: z.number(),
  /** Percent of finished backups that completed. */
  successRate: z.number(),
  /** Milliseconds. */
  averageBackupTime: z.number(),
  totalSize: z.number(),
  storageUsed: z.number(),
  storageLimit: z.number(),
});
export type BackupStats = z.infer<typeof backupStatsSchema>;

export const restoreJobSchema = z.object({
  id: z.uuid(),
  backupId: z.uuid(),
  status: z.enum(RESTORE_STATUSES),
  progress: z.number(),
  startTime: z.iso.datetime(),
  error: z.string().nullable(),
  collections: z.array(z.string()).nullable(),
  overwrite: z.boolean(),
  restoredEvents: z.number(),
  version: z.number().int(),
});
export type RestoreJob = z.infer<typeof restoreJobSchema>;

export const BACKUP_FREQUENCIES = ['hourly', 'daily', 'weekly', 'monthly'] as const;

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const count = z.number().int().min(0).max(1000);

export const backupConfigSchema = z.strictObject({
  schedule: z.strictObject({
    enabled: z.boolean(),
    frequency: z.enum(BACKUP_FREQUENCIES),
    time: text({ max: 5, maxMessage: 'Use HH:MM (24-hour)' }).regex(
      /^([01]\d|2[0-3]):[0-5]\d$/,
      'Use HH:MM (24-hour)',
    ),
    timezone: text({ max: 64 }).min(1).refine(isTimeZone, backupMessages.invalidTimezone),
    type: backupTypeSchema,
  }),
  retention: z.strictObject({ daily: count, weekly: count, monthly: count, yearly: count }),
  encryption: z.strictObject({ enabled: z.boolean(), algorithm: z.literal('AES-256-GCM') }),
  providers: z
    .array(
      z.strictObject({
        type: z.enum(['local', 's3', 'gcs', 'azure']),
        enabled: z.boolean(),
        priority: z.number().int().min(1).max(100),
      }),
    )
    .min(1)
    .max(4)
    .refine((list) => new Set(list.map((p) => p.type)).size === list.length, {
      message: 'Each provider type may appear once',
    }),
});
export type BackupConfig = z.infer<typeof backupConfigSchema>;

export const backupConfigViewSchema = z.object({ config: backupConfigSchema, version: z.number() });
export type BackupConfigView = z.infer<typeof backupConfigViewSchema>;

export const DEFAULT_BACKUP_CONFIG: BackupConfig = {
  schedule: { enabled: false, frequency: 'daily', time: '02:00', timezone: 'UTC', type: 'full' },
  retention: { daily: 7, weekly: 4, monthly: 12, yearly: 2 },
  encryption: { enabled: false, algorithm: 'AES-256-GCM' },
  providers: [{ type: 'local', enabled: true, priority: 1 }],
};

export const startBackupSchema = z.strictObject({ type: backupTypeSchema });

export const restoreOptionsSchema = z.strictObject({
  collections: z
    .array(
      text({ max: 100 }).regex(/^[a-z][a-z0-9_]*$/, 'A collection is a stream category like user'),
    )
    .min(1)
    .max(50)
    .optional(),
  overwrite: z.boolean().optional(),
});
export type RestoreOptions = z.infer<typeof restoreOptionsSchema>;
