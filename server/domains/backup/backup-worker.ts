import { systemContext } from '../../core/context';
import type { RuntimeDeps } from '../../core/module';
import { PreparedStatementClient } from '../../db/prepared-client';
import { DrainLoop } from '../../realtime/drain-loop';
import { ListenConnection } from '../../realtime/listen-connection';
import type { BackgroundWorker } from '../../core/worker';
import { RUNNER_LOCK } from './backup-lock';
import { readBackupConfig } from './backup-read';
import { recordBackupFailure, writeBackup, type RunnerDeps } from './backup-writer';
import { BACKUP_WORK_CHANNEL, deleteBackupAndFile, startBackupAndPush } from './commands';
import { recordRestoreFailure, runRestore } from './restore-runner';
import { backupsToPrune } from './retention';
import { isBackupDue } from './schedule';

const POLL_MS = 15_000;

/**
 * Runs queued backups and restores, scheduled backups and retention. Every process runs one;
 * a session advisory lock lets one process at a time do the work, so a due backup is taken once.
 * Its channel also carries the restores' "skip this transaction" notices to this process's relay.
 */
export function createBackupWorker(deps: RuntimeDeps): BackgroundWorker {
  const runner: RunnerDeps = {
    db: deps.db,
    commands: deps.commands,
    projections: deps.projections,
    connectionString: deps.connectionString,
    config: deps.config,
    logger: deps.logger,
  };
  const abort = new AbortController();
  let listener: ListenConnection | null = null;

  const work = async (client: PreparedStatementClient) => {
    const { rows } = (await client.query('select pg_try_advisory_lock($1) as locked', [
      RUNNER_LOCK,
    ])) as { rows: { locked: boolean }[] };
    if (!rows[0]!.locked) return;
    await failInterrupted();
    for (;;) {
      if (abort.signal.aborted) return;
      const restore = await deps.db
        .selectFrom('backup_restores')
        .selectAll()
        .where('status', '=', 'pending')
        .orderBy('started_at')
        .executeTakeFirst();
      if (restore) {
        await runRestore(runner, client, restore, abort.signal).catch(async (error: unknown) => {
          deps.logger.warn({ err: error, jobId: restore.id }, 'restore failed');
          await recordRestoreFailure(runner, restore.id, error);
        });
        continue;
      }
      const backup = await deps.db
        .selectFrom('backups')
        .selectAll()
        .where('status', '=', 'pending')
        .orderBy('started_at')
        .executeTakeFirst();
      if (backup) {
        const done = await writeBackup(runner, client, backup, abort.signal).then(
          () => true,
          async (error: unknown) => {
            deps.logger.warn({ err: error, backupId: backup.id }, 'backup did not complete');
            await recordBackupFailure(runner, backup.id, error);
            return false;
          },
        );
        if (done) await prune();
        continue;
      }
      if (await scheduleDue()) continue;
      return;
    }
  };

  /** Holding the runner lock, any backup or restore still marked running was interrupted. */
  const failInterrupted = async () => {
    const stale = await deps.db
      .selectFrom('backups')
      .select('id')
      .where('status', '=', 'running')
      .execute();
    for (const { id } of stale) {
      await recordBackupFailure(
        runner,
        id,
        new Error('Interrupted: the process writing it stopped.'),
      );
    }
    const staleRestores = await deps.db
      .selectFrom('backup_restores')
      .select('id')
      .where('status', '=', 'running')
      .execute();
    for (const { id } of staleRestores) {
      await recordRestoreFailure(
        runner,
        id,
        new Error('Interrupted: the process running it stopped.'),
      );
    }
  };

  const scheduleDue = async (): Promise<boolean> => {
    const { config, changedAt } = await readBackupConfig(deps.db).then(async (view) => {
      const row = await deps.db
        .selectFrom('backup_config')
        .select('changed_at')
        .where('id', '=', 1)
        .executeTakeFirst();
      return { config: view.config, changedAt: row?.changed_at ?? new Date() };
    });
    if (!config.schedule.enabled) return false;
    const last = await deps.db
      .selectFrom('backups')
      .select('started_at')
      .where('scheduled', '=', true)
      .orderBy('started_at', 'desc')
      .executeTakeFirst();
    const since = last && last.started_at > changedAt ? last.started_at : changedAt;
    if (!isBackupDue(config.schedule, new Date(), since)) return false;
    try {
      await startBackupAndPush(
        deps,
        { type: config.schedule.type, scheduled: true },
        systemContext(),
      );
      return true;
    } catch (error) {
      deps.logger.warn({ err: error }, 'scheduled backup not started');
      return false;
    }
  };

  const prune = async () => {
    const { config } = await readBackupConfig(deps.db);
    const completed = await deps.db
      .selectFrom('backups')
      .select(['id', 'started_at', 'base_backup_id'])
      .where('status', '=', 'completed')
      .execute();
    const doomed = backupsToPrune(
      completed.map((b) => ({ id: b.id, startedAt: b.started_at, baseBackupId: b.base_backup_id })),
      config.retention,
      config.schedule.timezone,
      new Date(),
    );
    for (const id of doomed) {
      await deleteBackupAndFile(deps, { backupId: id, reason: 'retention' }, systemContext()).catch(
        (error: unknown) => deps.logger.warn({ err: error, backupId: id }, 'not pruned'),
      );
    }
  };

  const pass = async () => {
    // Prepared-statement client: the restore's rebuild sends pipelines on this connection.
    const client = new PreparedStatementClient({ connectionString: deps.connectionString });
    client.on('error', (error) => deps.logger.warn({ err: error }, 'backup connection lost'));
    try {
      await client.connect();
      await work(client);
    } finally {
      // Ending the session releases the runner lock.
      await client.end().catch(() => undefined);
    }
  };

  // A failed pass is tried again by the poll.
  const loop = new DrainLoop({
    pass,
    logger: deps.logger,
    failureMessage: 'backup worker pass failed',
    pollMs: POLL_MS,
  });

  return {
    name: 'backup',
    async start() {
      listener = new ListenConnection({
        connectionString: deps.connectionString,
        channels: [BACKUP_WORK_CHANNEL],
        logger: deps.logger,
        onNotification: (payload) => {
          if (payload.startsWith('skip:')) deps.relay.skipTransaction(payload.slice(5));
          else if (deps.config.BACKUP_WORKER) loop.wake();
        },
        // Work queued while it was down sent wake-ups nobody heard.
        onReconnected: () => {
          if (deps.config.BACKUP_WORKER) loop.wake();
        },
      });
      await listener.start();
      if (!deps.config.BACKUP_WORKER) return;
      loop.start();
      // Work queued or due before this process started.
      loop.wake();
    },
    async stop() {
      abort.abort();
      await loop.stop();
      await listener?.stop();
    },
  };
}
