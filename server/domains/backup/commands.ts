import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { NewEvent } from '../../../shared/events';
import {
  backupMessages,
  type Backup,
  type BackupConfig,
  type BackupType,
  type RestoreJob,
  type RestoreOptions,
} from '../../../shared/ops/backups';
import { OPS_EVENTS } from '../../../shared/ops/realtime';
import type { Config } from '../../config';
import { appendTo, defineCommand } from '../../core/command';
import type { CommandContext } from '../../core/context';
import type { CommandRunner } from '../../core/command-runner';
import { conflict, invalid, notFound } from '../../core/errors';
import { exists, first, mapRead, rows, streamVersion } from '../../core/reads';
import type { Db } from '../../db/schema';
import { qb, statement, type Statement } from '../../db/statement';
import { publishOps } from '../../realtime/ops-channel';
import { backupDir } from './backup-files';
import { lockBackupCommands } from './backup-lock';
import { presentRestore } from './backup-presenter';
import { readBackup } from './backup-read';
import { BACKUP_CONFIG_STREAM, backupStreamId } from './backup-stream';

/** Wakes the backup workers of every process (delivered at commit). */
export const BACKUP_WORK_CHANNEL = 'agora_backup_work';

const wakeWorkers = (): Statement =>
  statement(sql`select pg_notify(${BACKUP_WORK_CHANNEL}, 'work')`);

/** The pushed shape of a backup; `deleted` tells clients to drop it. */
export type BackupPush = Backup & { deleted?: boolean };

/** Pushes a backup as it stands to every operator (after the change that moved it committed). */
export async function pushBackup(db: Db, backupId: string): Promise<void> {
  const backup = await readBackup(db, backupId);
  if (backup) await publishOps(db, OPS_EVENTS.backup, backup satisfies BackupPush);
}

const activeBackup = exists(
  qb.selectFrom('backups').select('id').where('status', 'in', ['pending', 'running']),
);
const activeRestore = exists(
  qb.selectFrom('backup_restores').select('id').where('status', 'in', ['pending', 'running']),
);
const completedBackups = rows(
  qb
    .selectFrom('backups')
    .select(['id', 'type', 'to_xid', 'started_at'])
    .where('status', '=', 'completed'),
);

type CompletedBackup = { id: string; type: BackupType; to_xid: string | null; started_at: Date };

/** The backup an incremental (the latest) or differential (the latest full) one builds on. */
export function baseFor(type: BackupType, completed: readonly CompletedBackup[]): string | null {
  if (type === 'full') return null;
  const candidates = completed
    .filter((b) => type === 'incremental' || b.type === 'full')
    .sort(
      (a, b) =>
        Number(BigInt(b.to_xid ?? '0') - BigInt(a.to_xid ?? '0')) ||
        b.started_at.getTime() - a.started_at.getTime(),
    );
  if (!candidates[0] || !completed.some((b) => b.type === 'full')) {
    throw conflict('conflict', `A ${type} backup needs a completed full backup first.`);
  }
  return candidates[0].id;
}

/**
 * Records a pending backup and wakes the workers; the file is written in the background. A
 * second backup while one is pending or running is refused. Commands on backups run one after
 * another under the backup command lock, so "nothing is running" still holds when they append.
 */
export const startBackup = defineCommand({
  name: 'backup.start',
  serialize: () => [lockBackupCommands()],
  load: () => ({ active: activeBackup, restoring: activeRestore, completed: completedBackups }),
  decide(state, { type, scheduled }: { type: BackupType; scheduled: boolean }) {
    if (state.active) throw conflict('conflict', backupMessages.alreadyRunning);
    if (state.restoring) throw conflict('conflict', backupMessages.restoreRunning);
    const baseBackupId = baseFor(type, state.completed);
    const backupId = randomUUID();
    return {
      appends: [
        appendTo(backupStreamId(backupId), 0, [
          { type: 'BackupStarted', data: { backupId, type, baseBackupId, scheduled } },
        ]),
      ],
      effects: [wakeWorkers()],
      result: backupId,
    };
  },
});

/** Deletes a finished backup's record (by event); the caller removes its file after the commit. */
export const deleteBackup = defineCommand({
  name: 'backup.delete',
  serialize: () => [lockBackupCommands()],
  load: ({ backupId }: { backupId: string; reason: 'manual' | 'retention' }) => ({
    row: first(qb.selectFrom('backups').select(['status', 'file_name']).where('id', '=', backupId)),
    version: streamVersion(backupStreamId(backupId)),
  }),
  decide({ row, version }, { backupId, reason }) {
    if (!row) throw notFound(backupMessages.notFound);
    if (row.status === 'running' || row.status === 'pending') {
      throw conflict('conflict', backupMessages.deleteRunning);
    }
    return {
      appends: [
        appendTo(backupStreamId(backupId), version, [
          { type: 'BackupDeleted', data: { backupId, reason } },
        ]),
      ],
      result: row.file_name,
    };
  },
});

/** Refusals the configuration cannot take: encryption without a key, an unconfigured provider. */
export function configProblems(config: BackupConfig, appConfig: Config): Record<string, string> {
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

export const updateBackupConfig = defineCommand({
  name: 'backup.updateConfig',
  serialize: () => [lockBackupCommands()],
  load: () => ({ version: streamVersion(BACKUP_CONFIG_STREAM) }),
  decide({ version }, { config, appConfig }: { config: BackupConfig; appConfig: Config }) {
    const fields = configProblems(config, appConfig);
    const firstProblem = Object.values(fields)[0];
    if (firstProblem) throw invalid('validation', firstProblem, fields);
    return {
      appends: [
        appendTo(BACKUP_CONFIG_STREAM, version, [
          { type: 'BackupConfigChanged', data: { config } },
        ]),
      ],
    };
  },
});

/** Queues a restore of a completed backup (and its chain); a worker runs it. */
export const requestRestore = defineCommand({
  name: 'backup.requestRestore',
  serialize: () => [lockBackupCommands()],
  load: ({
    backupId,
  }: {
    backupId: string;
    options: RestoreOptions;
    requestedBy: string | null;
  }) => ({
    row: first(qb.selectFrom('backups').select('status').where('id', '=', backupId)),
    active: activeBackup,
    restoring: activeRestore,
  }),
  decide(state, { backupId, options, requestedBy }) {
    if (!state.row) throw notFound(backupMessages.notFound);
    if (state.row.status !== 'completed')
      throw conflict('conflict', backupMessages.restoreOnlyCompleted);
    if (state.active) throw conflict('conflict', backupMessages.alreadyRunning);
    if (state.restoring) throw conflict('conflict', backupMessages.restoreRunning);
    const id = randomUUID();
    return {
      effects: [
        statement(
          qb.insertInto('backup_restores').values({
            id,
            backup_id: backupId,
            status: 'pending',
            collections: options.collections ?? null,
            overwrite: options.overwrite ?? false,
            requested_by: requestedBy,
            finished_at: null,
            error: null,
          }),
        ),
        wakeWorkers(),
      ],
      reply: mapRead(
        first(qb.selectFrom('backup_restores').selectAll().where('id', '=', id)),
        (job) => presentRestore(job!),
      ),
    };
  },
});

/**
 * Records what the worker did with a backup (snapshot taken, completed, failed) on its stream,
 * with the operational rows that change with it, at the version it reads.
 */
export const recordBackupEvents = defineCommand({
  name: 'backup.record',
  load: ({ backupId }: { backupId: string; events: NewEvent[]; effects?: Statement[] }) => ({
    version: streamVersion(backupStreamId(backupId)),
  }),
  decide({ version }, { backupId, events, effects }) {
    return { appends: [appendTo(backupStreamId(backupId), version, events)], effects };
  },
});

export interface BackupActions {
  commands: CommandRunner;
  db: Db;
  config: Config;
  logger: Logger;
}

/** Starts a backup and shows it to the operators once recorded. */
export async function startBackupAndPush(
  deps: BackupActions,
  input: { type: BackupType; scheduled: boolean },
  ctx: CommandContext,
): Promise<Backup> {
  const backupId = await deps.commands.run(startBackup, input, ctx);
  await pushBackup(deps.db, backupId);
  return (await readBackup(deps.db, backupId))!;
}

/** Queues a restore and shows the job to the operators. */
export async function requestRestoreAndPush(
  deps: Pick<BackupActions, 'commands' | 'db'>,
  input: { backupId: string; options: RestoreOptions; requestedBy: string | null },
  ctx: CommandContext,
): Promise<RestoreJob> {
  const job = await deps.commands.run(requestRestore, input, ctx);
  await publishOps(deps.db, OPS_EVENTS.restore, job);
  return job;
}

/** Deletes a backup, tells the operators, then removes its file. */
export async function deleteBackupAndFile(
  deps: BackupActions,
  input: { backupId: string; reason: 'manual' | 'retention' },
  ctx: CommandContext,
): Promise<void> {
  const before = await readBackup(deps.db, input.backupId);
  const fileName = await deps.commands.run(deleteBackup, input, ctx);
  if (before) {
    await publishOps(deps.db, OPS_EVENTS.backup, {
      ...before,
      version: before.version + 100_000,
      deleted: true,
    } satisfies BackupPush);
  }
  if (!fileName) return;
  // After the commit: a failed removal leaves a stray file, never a record without its file.
  await rm(path.join(backupDir(deps.config), fileName), { force: true }).catch((error: unknown) =>
    deps.logger.warn(
      { err: error, backupId: input.backupId },
      'could not remove a deleted backup file',
    ),
  );
}
