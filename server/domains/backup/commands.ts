import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import {
  backupMessages,
  type Backup,
  type BackupConfig,
  type BackupConfigView,
  type BackupType,
  type RestoreJob,
  type RestoreOptions,
} from '../../../shared/ops/backups';
import { OPS_EVENTS } from '../../../shared/ops/realtime';
import type { Config } from '../../config';
import type { Db, Trx } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { publishOps } from '../../realtime/ops-channel';
import { backupDir } from './backup-files';
import { lockBackupCommands } from './backup-lock';
import { presentRestore } from './backup-presenter';
import { activeBackup, readBackup, readBackupConfig, readBackupRow } from './backup-read';
import { BACKUP_CONFIG_STREAM, appendToStream, backupStreamId } from './backup-stream';

/** Wakes the backup workers of every process (delivered at commit). */
export const BACKUP_WORK_CHANNEL = 'agora_backup_work';

export interface BackupContext {
  db: Db;
  config: Config;
  logger: Logger;
  actorId: string | null;
  requestId?: string;
}

const conflict = (message: string) => new HttpError(409, 'conflict', message);

async function activeRestore(trx: Trx): Promise<boolean> {
  const job = await trx
    .selectFrom('backup_restores')
    .select('id')
    .where('status', 'in', ['pending', 'running'])
    .executeTakeFirst();
  return job !== undefined;
}

export async function wakeBackupWorkers(executor: Db | Trx): Promise<void> {
  await sql`select pg_notify(${BACKUP_WORK_CHANNEL}, 'work')`.execute(executor);
}

/** The pushed shape of a backup; `deleted` tells clients to drop it. */
export type BackupPush = Backup & { deleted?: boolean };

export async function pushBackup(executor: Db | Trx, backupId: string): Promise<void> {
  const backup = await readBackup(executor, backupId);
  if (backup) await publishOps(executor, OPS_EVENTS.backup, backup satisfies BackupPush);
}

async function baseFor(trx: Trx, type: BackupType): Promise<string | null> {
  if (type === 'full') return null;
  const base = await trx
    .selectFrom('backups')
    .select('id')
    .where('status', '=', 'completed')
    .$if(type === 'differential', (qb) => qb.where('type', '=', 'full'))
    .orderBy('to_xid', 'desc')
    .orderBy('started_at', 'desc')
    .executeTakeFirst();
  const fullExists = await trx
    .selectFrom('backups')
    .select('id')
    .where('status', '=', 'completed')
    .where('type', '=', 'full')
    .executeTakeFirst();
  if (!base || !fullExists) {
    throw conflict(`A ${type} backup needs a completed full backup first.`);
  }
  return base.id;
}

/**
 * Records a pending backup and wakes the workers; the file is written in the background. A
 * second backup while one is pending or running is refused.
 */
export async function startBackup(
  ctx: BackupContext,
  type: BackupType,
  scheduled = false,
): Promise<Backup> {
  const backupId = randomUUID();
  return ctx.db.transaction().execute(async (trx) => {
    await lockBackupCommands(trx);
    if (await activeBackup(trx)) throw conflict(backupMessages.alreadyRunning);
    if (await activeRestore(trx)) throw conflict(backupMessages.restoreRunning);
    const baseBackupId = await baseFor(trx, type);
    await appendToStream(
      trx,
      backupStreamId(backupId),
      [{ type: 'BackupStarted', data: { backupId, type, baseBackupId, scheduled } }],
      { actorId: ctx.actorId ?? undefined, requestId: ctx.requestId },
    );
    await wakeBackupWorkers(trx);
    await pushBackup(trx, backupId);
    return (await readBackup(trx, backupId))!;
  });
}

/** Deletes a finished backup's record (by event) and then its file. */
export async function deleteBackup(
  ctx: BackupContext,
  backupId: string,
  reason: 'manual' | 'retention' = 'manual',
): Promise<void> {
  const fileName = await ctx.db.transaction().execute(async (trx) => {
    await lockBackupCommands(trx);
    const row = await readBackupRow(trx, backupId);
    if (!row) throw notFound(backupMessages.notFound);
    if (row.status === 'running' || row.status === 'pending') {
      throw conflict(backupMessages.deleteRunning);
    }
    const backup = await readBackup(trx, backupId);
    await appendToStream(
      trx,
      backupStreamId(backupId),
      [{ type: 'BackupDeleted', data: { backupId, reason } }],
      { actorId: ctx.actorId ?? undefined, requestId: ctx.requestId },
    );
    await publishOps(trx, OPS_EVENTS.backup, {
      ...backup!,
      version: backup!.version + 100_000,
      deleted: true,
    } satisfies BackupPush);
    return row.file_name;
  });
  if (!fileName) return;
  // After the commit: a failed removal leaves a stray file, never a record without its file.
  await rm(path.join(backupDir(ctx.config), fileName), { force: true }).catch((error: unknown) =>
    ctx.logger.warn({ err: error, backupId }, 'could not remove a deleted backup file'),
  );
}

/** Refusals the configuration cannot take: encryption without a key, an unconfigured provider. */
function configProblems(config: BackupConfig, appConfig: Config): Record<string, string> {
  const fields: Record<string, string> = {};
  if (config.encryption.enabled && !appConfig.BACKUP_ENCRYPTION_KEY) {
    fields['encryption.enabled'] = backupMessages.encryptionWithoutKey;
  }
  config.providers.forEach((provider, index) => {
    if (provider.enabled && provider.type !== 'local') {
      fields[`providers.${index}.type`] = backupMessages.providerNotConfigured(provider.type);
    }
  });
  if (!config.providers.some((p) => p.enabled && p.type === 'local')) {
    fields.providers = 'Enable the local provider: it is the only one configured.';
  }
  return fields;
}

export async function updateBackupConfig(
  ctx: BackupContext,
  config: BackupConfig,
): Promise<BackupConfigView> {
  const fields = configProblems(config, ctx.config);
  const first = Object.values(fields)[0];
  if (first) throw new HttpError(400, 'validation', first, fields);
  return ctx.db.transaction().execute(async (trx) => {
    await lockBackupCommands(trx);
    await appendToStream(
      trx,
      BACKUP_CONFIG_STREAM,
      [{ type: 'BackupConfigChanged', data: { config } }],
      { actorId: ctx.actorId ?? undefined, requestId: ctx.requestId },
    );
    return readBackupConfig(trx);
  });
}

/** Queues a restore of a completed backup (and its chain); a worker runs it. */
export async function requestRestore(
  ctx: BackupContext,
  backupId: string,
  options: RestoreOptions,
): Promise<RestoreJob> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockBackupCommands(trx);
    const row = await readBackupRow(trx, backupId);
    if (!row) throw notFound(backupMessages.notFound);
    if (row.status !== 'completed') throw conflict(backupMessages.restoreOnlyCompleted);
    if (await activeBackup(trx)) throw conflict(backupMessages.alreadyRunning);
    if (await activeRestore(trx)) throw conflict(backupMessages.restoreRunning);
    const job = await trx
      .insertInto('backup_restores')
      .values({
        id: randomUUID(),
        backup_id: backupId,
        status: 'pending',
        collections: options.collections ?? null,
        overwrite: options.overwrite ?? false,
        requested_by: ctx.actorId,
        finished_at: null,
        error: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const presented = presentRestore(job);
    await wakeBackupWorkers(trx);
    await publishOps(trx, OPS_EVENTS.restore, presented);
    return presented;
  });
}
