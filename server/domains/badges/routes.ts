import { Router } from 'express';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { badgeCounterSchema } from '../../../shared/badges';
import type { Db } from '../../db/schema';
import { append } from '../../eventstore/append';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { requireAuth, sessionOf } from '../auth/session-middleware';
import { presentBadges, readBadges } from './badges-read';

export function badgesRoutes(deps: { db: Db }): Router {
  const router = Router();
  router.get(
    '/me/badges',
    requireAuth,
    route({}, async (_input, req, res) => {
      res.json(await readBadges(deps.db, sessionOf(req).userId));
    }),
  );
  return router;
}

const testSignalSchema = z.strictObject({
  userId: z.uuid(),
  counter: badgeCounterSchema,
  delta: z.union([z.literal(1), z.literal(-1)]).default(1),
});

/**
 * Moves a member's badge through the event store, for end-to-end tests and the benchmark until
 * real features raise badges. Mounted only when ENABLE_TEST_ROUTES is set, which production refuses.
 */
export function badgeTestRoutes(deps: { db: Db }): Router {
  const router = Router();
  router.post(
    '/test/badge-events',
    route({ body: testSignalSchema }, async ({ body }, req, res) => {
      const result = await deps.db.transaction().execute(async (trx) => {
        const [event] = await append(
          trx,
          `test-signal-${randomUUID()}`,
          0,
          [{ type: 'TestCounterAdjusted', data: body }],
          { requestId: String(req.id) },
        );
        // An unknown member has no badges row; throwing rolls the event back with the answer.
        const row = await trx
          .selectFrom('badges')
          .selectAll()
          .where('user_id', '=', body.userId)
          .executeTakeFirst();
        if (!row) throw notFound('User not found');
        return { position: event!.globalPosition, badges: presentBadges(row) };
      });
      res.status(201).json({ ...result, committedAt: Date.now() });
    }),
  );
  return router;
}
