import { Router } from 'express';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/schema';
import { route } from '../../http/route';
import { RuleEvaluator } from './rule-evaluator';
import { flushServerTelemetry } from './telemetry-flush';

/**
 * Lets tests drive monitoring without waiting on timers: flush the server's buffered telemetry,
 * evaluate the alert rules at a given time, or fail a request. Mounted only when
 * ENABLE_TEST_ROUTES is set, which production refuses.
 */
export function monitoringTestRoutes(deps: { db: Db; config: Config }): Router {
  const router = Router();
  const evaluator = new RuleEvaluator({ db: deps.db, config: deps.config });

  router.post(
    '/test/monitoring/flush',
    route({}, async (_input, _req, res) => {
      res.json({ written: await flushServerTelemetry(deps.db) });
    }),
  );

  router.post(
    '/test/monitoring/evaluate',
    route(
      { body: z.strictObject({ at: z.iso.datetime().optional() }).optional() },
      async ({ body }, _req, res) => {
        await flushServerTelemetry(deps.db);
        const at = body?.at ? new Date(body.at) : new Date();
        res.json(await evaluator.evaluateRules(at));
      },
    ),
  );

  router.post(
    '/test/monitoring/fail',
    route({}, async () => {
      throw new Error('Test failure for monitoring');
    }),
  );

  return router;
}
