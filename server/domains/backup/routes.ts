import { sql } from 'kysely';
import { z } from 'zod';
import { idField } from '../../../shared/api/ids';
import {
  backupConfigSchema,
  backupConfigViewSchema,
  backupMessages,
  backupSchema,
  backupStatsSchema,
  restoreJobSchema,
  restoreOptionsSchema,
  startBackupSchema,
} from '../../../shared/ops/backups';
import { contextOf } from '../../core/context';
import { notFound } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { defineRoute } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import {
  listBackups,
  listRestoreJobs,
  readBackup,
  readBackupConfig,
  readBackupStats,
  readRestoreJob,
} from './backup-read';
import {
  deleteBackupAndFile,
  requestRestoreAndPush,
  startBackupAndPush,
  updateBackupConfig,
} from './commands';
import { seedSignInEvents } from './seed-events';

const backupParams = z.object({ id: idField() });
const jobParams = z.object({ jobId: idField() });

export function backupRoutes(deps: ModuleDeps) {
  const { db, config, commands } = deps;
  return [
    defineRoute({
      method: 'get',
      path: '/backups',
      summary: 'The latest backups, newest first',
      auth: 'owner',
      responses: { 200: z.object({ backups: z.array(backupSchema) }) },
      async handler(_input, _req, res) {
        res.json({ backups: await listBackups(db) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/backups/stats',
      summary: 'Totals, success rate, average time and storage of the backups',
      auth: 'owner',
      responses: { 200: backupStatsSchema },
      async handler(_input, _req, res) {
        res.json(await readBackupStats(db, config));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/backups/config',
      summary: 'Schedule, retention, encryption and providers',
      auth: 'owner',
      responses: { 200: backupConfigViewSchema },
      async handler(_input, _req, res) {
        res.json(await readBackupConfig(db));
      },
    }),
    defineRoute({
      method: 'put',
      path: '/backups/config',
      summary: 'Replaces the backup configuration',
      auth: 'owner',
      body: backupConfigSchema,
      responses: { 200: backupConfigViewSchema },
      async handler({ body }, req, res) {
        await commands.run(updateBackupConfig, { config: body, appConfig: config }, contextOf(req));
        res.json(await readBackupConfig(db));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/backups/restores',
      summary: 'The latest restore jobs',
      auth: 'owner',
      responses: { 200: z.object({ restores: z.array(restoreJobSchema) }) },
      async handler(_input, _req, res) {
        res.json({ restores: await listRestoreJobs(db) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/backups/restores/:jobId',
      summary: 'One restore job',
      auth: 'owner',
      params: jobParams,
      responses: { 200: restoreJobSchema },
      errors: [404],
      async handler({ params }, _req, res) {
        const job = await readRestoreJob(db, params.jobId);
        if (!job) throw notFound(backupMessages.restoreNotFound);
        res.json(job);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/backups',
      summary: 'Starts a full, incremental or differential backup in the background',
      auth: 'owner',
      body: startBackupSchema,
      responses: { 202: backupSchema },
      errors: [409],
      async handler({ body }, req, res) {
        res
          .status(202)
          .json(
            await startBackupAndPush(
              { ...deps, logger: req.log },
              { type: body.type, scheduled: false },
              contextOf(req),
            ),
          );
      },
    }),
    defineRoute({
      method: 'get',
      path: '/backups/:id',
      summary: 'One backup',
      auth: 'owner',
      params: backupParams,
      responses: { 200: backupSchema },
      errors: [404],
      async handler({ params }, _req, res) {
        const backup = await readBackup(db, params.id);
        if (!backup) throw notFound(backupMessages.notFound);
        res.json(backup);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/backups/:id',
      summary: 'Deletes a finished backup and its file',
      auth: 'owner',
      params: backupParams,
      responses: { 204: null },
      errors: [404, 409],
      async handler({ params }, req, res) {
        await deleteBackupAndFile(
          { ...deps, logger: req.log },
          { backupId: params.id, reason: 'manual' },
          contextOf(req),
        );
        res.status(204).end();
      },
    }),
    defineRoute({
      method: 'post',
      path: '/backups/:id/restore',
      summary: 'Queues a restore of a completed backup and the chain it builds on',
      auth: 'owner',
      params: backupParams,
      body: restoreOptionsSchema,
      responses: { 202: restoreJobSchema },
      errors: [404, 409],
      async handler({ params, body }, req, res) {
        const job = await requestRestoreAndPush(
          deps,
          { backupId: params.id, options: body, requestedBy: memberIdOf(req) },
          contextOf(req),
        );
        res.status(202).json(job);
      },
    }),
  ];
}

const rateSchema = z.strictObject({ eventsPerSecond: z.number().int().min(0).max(10_000_000) });
const seedSchema = z.strictObject({ count: z.number().int().min(1).max(2_000_000) });

/** Mounted only with ENABLE_TEST_ROUTES: fills the log so a backup runs long enough to watch. */
export function backupTestRoutes({ db, eventStore }: ModuleDeps) {
  return [
    defineRoute({
      method: 'post',
      path: '/test/backups/seed-events',
      summary: 'Fills the log with sign-in events (tests and benchmarks only)',
      auth: 'public',
      testOnly: true,
      body: seedSchema,
      responses: { 201: z.object({ events: z.number() }) },
      async handler({ body }, _req, res) {
        res.status(201).json(await seedSignInEvents(db, eventStore, body.count));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/test/backups/rate-limit',
      summary: 'Caps how fast backups read the log (tests only)',
      auth: 'public',
      testOnly: true,
      body: rateSchema,
      responses: { 204: null },
      async handler({ body }, _req, res) {
        const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
        // New connections (each backup opens one) read it, on every server process.
        await sql`alter database ${sql.id(rows[0]!.name)}
          set agora.backup_max_events_per_second = ${sql.lit(String(body.eventsPerSecond))}`.execute(
          db,
        );
        res.status(204).end();
      },
    }),
  ];
}
