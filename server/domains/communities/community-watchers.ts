import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { member } from '../relations/relations-policy';
import { communityContentVisible } from './community-policy';

/** Of the communities, those whose content the member may read now, in the order given. */
export async function readableCommunities(
  db: Db,
  viewerId: string,
  communityIds: readonly string[],
): Promise<string[]> {
  if (communityIds.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    select c.id from communities c
    where c.id = any(${[...communityIds]}::uuid[])
      and ${communityContentVisible(sql.ref('c.id'), member(viewerId))}`.execute(db);
  const readable = new Set(rows.map((row) => row.id));
  return communityIds.filter((id) => readable.has(id));
}
