import { randomUUID } from 'node:crypto';
import type { CommunityPrivacy, CommunityRole } from '../../shared/communities';
import type { Db } from '../../server/db/schema';

/** A day `days` from now in UTC, as the Create Event form sends a date. */
export function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A new event's body: in person, tomorrow-plus at 18:00 UTC, with the fields given. */
export function eventBody(fields: Record<string, unknown> = {}) {
  return {
    title: 'Board games night',
    description: 'Bring a game',
    date: dayFromNow(3),
    time: '18:00',
    timeZone: 'UTC',
    location: 'The library',
    type: 'in-person',
    maxAttendees: 10,
    tags: ['games'],
    ...fields,
  };
}

/**
 * A community and its members written straight into the communities domain's tables: the calendar
 * only reads them through the community policy (the communities domain creates them for real).
 */
export async function insertCommunity(
  db: Db,
  privacy: CommunityPrivacy,
  members: readonly { id: string; role?: CommunityRole }[],
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('communities')
    .values({
      id,
      name: `Community ${id.slice(0, 8)}`,
      category: 'technology',
      privacy,
      website: null,
      email: null,
      location: null,
      avatar_url: null,
      banner_url: null,
      created_by: members[0]?.id ?? null,
      created_at: new Date(),
      member_count: members.length,
    })
    .execute();
  for (const member of members) {
    await db
      .insertInto('community_members')
      .values({
        community_id: id,
        user_id: member.id,
        role: member.role ?? 'member',
        status: 'active',
        joined_at: new Date(),
        last_active_at: null,
      })
      .execute();
  }
  return id;
}
