import type { Person } from '../../../shared/social';
import type { Db } from '../../db/schema';
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
