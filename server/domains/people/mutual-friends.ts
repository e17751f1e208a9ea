import type { Db } from '../../db/schema';

/** How many friends the caller shares with each of the others; absent ids share none. */
export async function countMutualFriends(
  db: Db,
  callerId: string,
  otherIds: string[],
): Promise<Map<string, number>> {
  if (otherIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('friendships as mine')
    .innerJoin('friendships as theirs', 'theirs.friend_id', 'mine.friend_id')
    .select(['theirs.user_id as id', (eb) => eb.fn.countAll<number>().as('mutual')])
    .where('mine.user_id', '=', callerId)
    .where('theirs.user_id', 'in', [...new Set(otherIds)])
    .groupBy('theirs.user_id')
    .execute();
  return new Map(rows.map((row) => [row.id, Number(row.mutual)]));
}
