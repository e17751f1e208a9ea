import type { Person } from '../../../shared/social';
import type { Db } from '../../db/schema';
import { readPresenceOf, type Presence } from '../presence/presence-read';

interface PersonRow {
  id: string;
  username: string;
  display_name: string;
  avatar: string | null;
  privacy: Person['privacy'];
}

/** One presenter for a member as others see them, in REST answers and socket pushes alike. */
export function presentPerson(row: PersonRow, presence: Presence | undefined): Person {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    avatar: row.avatar,
    status: presence?.status ?? 'offline',
    lastSeen: presence?.lastSeen?.toISOString() ?? null,
    privacy: row.privacy,
  };
}

/** Members by id, with their presence; unknown ids are left out. */
export async function readPeople(db: Db, userIds: string[]): Promise<Map<string, Person>> {
  if (userIds.length === 0) return new Map();
  const unique = [...new Set(userIds)];
  const [rows, presence] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'username', 'display_name', 'avatar', 'privacy'])
      .where('id', 'in', unique)
      .execute(),
    readPresenceOf(db, unique),
  ]);
  return new Map(rows.map((row) => [row.id, presentPerson(row, presence.get(row.id))]));
}
