import { z } from 'zod';
import type { ModuleDeps } from '../../core/module';
import { defineRoute } from '../../http/route-spec';
import { RuleEvaluator } from './rule-evaluator';
import { flushServerTelemetry } from './telemetry-flush';

/**
 * Lets tests drive monitoring without waiting on timers: flush the server's buffered telemetry,
 * evaluate the alert rules at a given time, or fail a request. Mounted only when
 * ENABLE_TEST_ROUTES is set, which production refuses.
 */
export function monitoringTestRoutes({ db, config, commands }: ModuleDeps) {
  const evaluator = new RuleEvaluator({ db, config, commands });
  return [
    defineRoute({
      method: 'post',
      path: '/test/monitoring/flush',
      summary: "Writes the process's buffered telemetry now",
      auth: 'public',
      testOnly: true,
      responses: { 200: z.object({ written: z.unknown() }) },
      async handler(_input, _req, res) {
        res.json({ written: await flushServerTelemetry(db) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/test/monitoring/evaluate',
      summary: 'Evaluates the alert rules at a given time',
      auth: 'public',
      testOnly: true,
      body: z.strictObject({ at: z.iso.datetime().optional() }).optional(),
      responses: { 200: z.object({}).loose() },
      async handler({ body }, _req, res) {
        await flushServerTelemetry(db);
        const at = body?.at ? new Date(body.at) : new Date();
        res.json(await evaluator.evaluateRules(at));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/test/monitoring/fail',
      summary: 'Fails with an unexpected error, as a bug would',
      auth: 'public',
      testOnly: true,
      responses: {},
      errors: [500],
      async handler() {
        throw new Error('Test failure for monitoring');
      },
    }),
  ];
}
