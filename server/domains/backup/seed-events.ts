import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import type { EventStore } from '../../eventstore/append';
import { userStreamId, userStreamIdSql } from '../auth/streams';

const SIGN_INS_PER_MEMBER = 1000;

/**
 * Fills the log fast for tests and benchmarks: a member registers (through `append`, so the read
 * models stay consistent) per thousand events, the rest are their sign-ins, which no projection
 * reads, inserted by one `insert ... select generate_series`.
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
  await sql`
    insert into events (stream_id, stream_version, type, data, metadata)
    select ${userStreamIdSql(sql.ref('m.id'))}, 1 + s.n, 'UserSignedIn',
           jsonb_build_object('userId', m.id, 'sessionId', gen_random_uuid(),
                              'rememberMe', s.n % 3 = 0),
           jsonb_build_object('requestId', 'seed-' || s.n)
    from unnest(${ids}::uuid[]) with ordinality as m(id, i)
    cross join generate_series(1, ${perMember}::int) as s(n)
    where (m.i - 1) * ${perMember}::int + s.n <= ${signIns}::int`.execute(db);
  return { events: members + signIns };
}
