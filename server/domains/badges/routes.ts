import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { idField } from '../../../shared/api/ids';
import { badgeCounterSchema, badgesSchema, type Badges } from '../../../shared/badges';
import { defineCommand, appendTo } from '../../core/command';
import { contextOf } from '../../core/context';
import { notFound } from '../../core/errors';
import { refuseUnless } from '../../core/guards';
import type { ModuleDeps } from '../../core/module';
import { first, mapRead } from '../../core/reads';
import { qb } from '../../db/statement';
import { defineRoute } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { presentBadges, readBadges } from './badges-read';

const testSignalSchema = z.strictObject({
  userId: idField(),
  counter: badgeCounterSchema,
  delta: z.union([z.literal(1), z.literal(-1)]).default(1),
});
type TestSignal = z.output<typeof testSignalSchema>;

/** Each test signal is a stream of its own: nothing it does depends on another. */
const testSignalStreamId = () => `test-signal-${randomUUID()}`;

/**
 * Moves a member's badge through the event store, for end-to-end tests and the benchmark. It
 * reads nothing before it writes, so it runs in one round trip: the guard refuses an unknown
 * member inside the write, which then reads the badges back.
 */
const adjustBadge = defineCommand({
  name: 'badges.testSignal',
  load: () => ({}),
  decide(_state, signal: TestSignal) {
    return {
      guards: [
        refuseUnless(
          sql<boolean>`exists (select 1 from badges where user_id = ${signal.userId}::uuid)`,
          notFound('User not found'),
        ),
      ],
      appends: [appendTo(testSignalStreamId(), 0, [{ type: 'TestCounterAdjusted', data: signal }])],
      reply: mapRead(
        first(qb.selectFrom('badges').selectAll().where('user_id', '=', signal.userId)),
        (row): Badges => presentBadges(row!),
      ),
    };
  },
});

const testSignalAnswer = z.object({
  position: z.number().int(),
  badges: badgesSchema,
  committedAt: z.number(),
});

export function badgesRoutes({ db, commands }: ModuleDeps) {
  return [
    defineRoute({
      method: 'get',
      path: '/me/badges',
      summary: "The member's notification, message and friend-request counts, with their version",
      auth: 'member',
      responses: { 200: badgesSchema },
      async handler(_input, req, res) {
        res.json(await readBadges(db, memberIdOf(req)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/test/badge-events',
      summary: "Moves a member's badge through the event store (tests and benchmarks only)",
      auth: 'public',
      testOnly: true,
      body: testSignalSchema,
      responses: { 201: testSignalAnswer },
      errors: [404],
      async handler({ body }, req, res) {
        const { result, events } = await commands.execute(adjustBadge, body, contextOf(req));
        res
          .status(201)
          .json({ position: events[0]!.globalPosition, badges: result, committedAt: Date.now() });
      },
    }),
  ];
}
