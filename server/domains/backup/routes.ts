import { Router, type Request } from 'express';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  backupConfigSchema,
  backupMessages,
  restoreOptionsSchema,
  startBackupSchema,
} from '../../../shared/ops/backups';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { requireRole, sessionOf } from '../auth/session-middleware';
import type { RouteDeps } from '../routes';
import {
  listBackups,
  listRestoreJobs,
  readBackup,
  readBackupConfig,
  readBackupStats,
  readRestoreJob,
} from './backup-read';
import {
  deleteBackup,
  requestRestore,
  startBackup,
  updateBackupConfig,
  type BackupContext,
} from './commands';
import { seedSignInEvents } from './seed-events';

const backupParams = z.object({ id: z.uuid() });
const jobParams = z.object({ jobId: z.uuid() });

export function backupRoutes(deps: RouteDeps): Router {
  const router = Router();
  const ctx = (req: Request): BackupContext => ({
    db: deps.db,
    config: deps.config,
    logger: req.log,
    actorId: sessionOf(req).userId,
    requestId: String(req.id),
  });
  const owner = requireRole('owner');

  router.get(
    '/backups',
    owner,
    route({}, async (_input, _req, res) => {
      res.json({ backups: await listBackups(deps.db) });
    }),
  );

  router.get(
    '/backups/stats',
    owner,
    route({}, async (_input, _req, res) => {
      res.json(await readBackupStats(deps.db, deps.config));
    }),
  );

  router.get(
    '/backups/config',
    owner,
    route({}, async (_input, _req, res) => {
      res.json(await readBackupConfig(deps.db));
    }),
  );

  router.put(
    '/backups/config',
    owner,
    route({ body: backupConfigSchema }, async ({ body }, req, res) => {
      res.json(await updateBackupConfig(ctx(req), body));
    }),
  );

  router.get(
    '/backups/restores',
    owner,
    route({}, async (_input, _req, res) => {
      res.json({ restores: await listRestoreJobs(deps.db) });
    }),
  );

  router.get(
    '/backups/restores/:jobId',
    owner,
    route({ params: jobParams }, async ({ params }, _req, res) => {
      const job = await readRestoreJob(deps.db, params.jobId);
      if (!job) throw notFound(backupMessages.restoreNotFound);
      res.json(job);
    }),
  );

  router.post(
    '/backups',
    owner,
    route({ body: startBackupSchema }, async ({ body }, req, res) => {
      res.status(202).json(await startBackup(ctx(req), body.type));
    }),
  );

  router.get(
    '/backups/:id',
    owner,
    route({ params: backupParams }, async ({ params }, _req, res) => {
      const backup = await readBackup(deps.db, params.id);
      if (!backup) throw notFound(backupMessages.notFound);
      res.json(backup);
    }),
  );

  router.delete(
    '/backups/:id',
    owner,
    route({ params: backupParams }, async ({ params }, req, res) => {
      await deleteBackup(ctx(req), params.id);
      res.status(204).end();
    }),
  );

  router.post(
    '/backups/:id/restore',
    owner,
    route(
      { params: backupParams, body: restoreOptionsSchema },
      async ({ params, body }, req, res) => {
        res.status(202).json(await requestRestore(ctx(req), params.id, body));
      },
    ),
  );

  return router;
}

const rateSchema = z.strictObject({ eventsPerSecond: z.number().int().min(0).max(10_000_000) });
const seedSchema = z.strictObject({ count: z.number().int().min(1).max(2_000_000) });

/** Mounted only with ENABLE_TEST_ROUTES: fills the log so a backup runs long enough to watch. */
export function backupTestRoutes(deps: Pick<RouteDeps, 'db'>): Router {
  const router = Router();
  router.post(
    '/test/backups/seed-events',
    route({ body: seedSchema }, async ({ body }, _req, res) => {
      res.status(201).json(await seedSignInEvents(deps.db, body.count));
    }),
  );
  router.post(
    '/test/backups/rate-limit',
    route({ body: rateSchema }, async ({ body }, _req, res) => {
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
        deps.db,
      );
      // New connections (each backup opens one) read it, on every server process.
      await sql`alter database ${sql.id(rows[0]!.name)}
        set agora.backup_max_events_per_second = ${sql.lit(String(body.eventsPerSecond))}`.execute(
        deps.db,
      );
      res.status(204).end();
    }),
  );
  return router;
}
