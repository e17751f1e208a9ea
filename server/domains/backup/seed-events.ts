import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import type { EventStore } from '../../eventstore/append';
import { insertEventsInBulk } from '../../eventstore/bulk-insert';
import { userStreamId, userStreamIdSql } from '../auth/streams';

const SIGN_INS_PER_MEMBER = 1000;

/**
 * Fills the log fast for tests and benchmarks: a member registers (through `append`, so the read
 * models stay consistent) per thousand events, the rest are their sign-ins, made by
 * `generate_series` and inserted in one statement (`insertEventsInBulk`) without projecting them:
 * only the analytics rollup counts sign-ins, and a restore's rebuild does.
 */
export async function seedSignInEvents(
  db: Db,
  eventStore: EventStore,
  count: number,
): Promise<{ events: number }> {
  const members = Math.max(1, Math.ceil(count / (SIGN_INS_PER_MEMBER + 1)));
  const ids: string[] = [];
  await db.transaction().execute(async (trx) => {
    const tag = randomUUID().slice(0, 8);
    for (let n = 0; n < members; n += 1) {
      const userId = randomUUID();
      ids.push(userId);
      await eventStore.append(trx, userStreamId(userId), 0, [
        {
          type: 'UserRegistered',
          data: {
            userId,
            username: `seed_${tag}_${n}`,
            email: `seed_${tag}_${n}@example.com`,
            passwordHash: 'seeded-account-without-password',
            role: 'member',
          },
        },
      ]);
    }
  });
  const signIns = Math.max(0, count - members);
  const perMember = Math.ceil(signIns / members);
  await db.transaction().execute(async (trx) => {
    await sql`lock table events in exclusive mode`.execute(trx);
    // A block of positions taken at once, handed out in each member's version order.
    const {
      rows: [block],
    } = await sql<{ first: string }>`
      select nextval(pg_get_serial_sequence('events', 'global_position'))::text as first`.execute(
      trx,
    );
    const first = BigInt(block!.first);
    if (signIns > 0) {
      await sql`select setval(pg_get_serial_sequence('events', 'global_position'),
                              ${String(first + BigInt(signIns) - 1n)}::bigint)`.execute(trx);
    }
    await sql`
      create temp table seeded_sign_ins on commit drop as
      select ${String(first)}::bigint - 1 + row_number() over (order by m.i, s.n) as global_position,
             ${userStreamIdSql(sql.ref('m.id'))} as stream_id, 1 + s.n as stream_version,
             'UserSignedIn' as type,
             jsonb_build_object('userId', m.id, 'sessionId', gen_random_uuid(),
                                'rememberMe', s.n % 3 = 0) as data,
             jsonb_build_object('requestId', 'seed-' || s.n) as metadata
      from unnest(${ids}::uuid[]) with ordinality as m(id, i)
      cross join generate_series(1, ${perMember}::int) as s(n)
      where (m.i - 1) * ${perMember}::int + s.n <= ${signIns}::int`.execute(trx);
    // One statement for the lot: the log's per-row trigger costs a stream of k events O(k²).
    await insertEventsInBulk(
      trx,
      'seeded_sign_ins',
      'global_position, stream_id, stream_version, type, data, metadata',
    );
  });
  return { events: members + signIns };
}
