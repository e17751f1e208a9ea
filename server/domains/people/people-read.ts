import { sql } from 'kysely';
import type { Person } from '../../../shared/social';
import { readPlannedOnce } from '../../db/local-settings';
import type { Db } from '../../db/schema';
import { statement } from '../../db/statement';
import { activeSocket, liveSockets, presenceStatus } from '../presence/presence-read';
import { member, presenceShown } from '../relations/relations-policy';

export interface PersonRow {
  id: string;
  username: string;
  display_name: string;
  avatar: string | null;
  privacy: Person['privacy'];
  sockets: number;
  active: boolean;
  last_seen_at: Date | null;
  /** False when the viewer may not see this member's presence. */
  presence_shown: boolean;
}

/**
 * One presenter for a member as others see them, in REST answers and socket pushes alike. Name
 * and avatar are for everyone who sees the member at all; presence and last seen are profile
 * details (`presenceShown` holds both the privacy rule and the friend's `read` permission), and
 * a viewer they are hidden from sees the member offline, never seen, like a friend without
 * `read`.
 */
export function presentPerson(row: PersonRow): Person {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    avatar: row.avatar,
    status: row.presence_shown ? presenceStatus(row.sockets, row.active) : 'offline',
    lastSeen: row.presence_shown ? (row.last_seen_at?.toISOString() ?? null) : null,
    privacy: row.privacy,
  };
}

/**
 * Members by id as `viewerId` sees them, with their presence, in one query; unknown ids are
 * left out.
 */
export async function readPeople(
  db: Db,
  viewerId: string,
  userIds: string[],
): Promise<Map<string, Person>> {
  if (userIds.length === 0) return new Map();
  const unique = [...new Set(userIds)];
  const [read] = await readPlannedOnce(db, [
    statement(sql<PersonRow>`
    select u.id, u.username, u.display_name, u.avatar, u.privacy,
      ${liveSockets(sql.ref('u.id'))} as sockets,
      ${activeSocket(sql.ref('u.id'))} as active,
      (select s.last_seen_at from last_seen s where s.user_id = u.id) as last_seen_at,
      ${presenceShown(sql.ref('u.id'), member(viewerId))} as presence_shown
    from users u
    where u.id = any(${unique}::uuid[])`),
  ]);
  const rows = read!.rows as unknown as PersonRow[];
  return new Map(rows.map((row) => [row.id, presentPerson(row)]));
}
