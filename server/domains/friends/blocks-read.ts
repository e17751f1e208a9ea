import type { Person } from '../../../shared/social';
import type { Db, Trx } from '../../db/schema';
import { readPeople } from '../people/people-read';

/** The members the caller has blocked, most recent first. */
export async function readBlocked(db: Db, userId: string): Promise<Person[]> {
  const rows = await db
    .selectFrom('blocks')
    .select('blocked_user_id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('blocked_user_id')
    .execute();
  const ids = rows.map((row) => row.blocked_user_id);
  const people = await readPeople(db, userId, ids);
  return ids.flatMap((id) => people.get(id) ?? []);
}

/** Whether either member has blocked the other. */
export async function blockedEitherWay(trx: Trx, a: string, b: string): Promise<boolean> {
  const row = await trx
    .selectFrom('blocks')
    .select('user_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', a), eb('blocked_user_id', '=', b)]),
        eb.and([eb('user_id', '=', b), eb('blocked_user_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}
