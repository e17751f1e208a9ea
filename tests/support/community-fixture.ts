import { randomUUID } from 'node:crypto';
import type { CommunityPrivacy, CommunityRole } from '../../shared/communities';
import type { Db } from '../../server/db/schema';

/**
 * FIXTURE: communities and their members written straight into the communities domain's rows,
 * for tests of what happens inside a community while that domain's commands are built elsewhere.
 * No event is appended, so a rebuild does not reproduce these rows: a test that rebuilds resets
 * their counters first (`resetCommunityCounters`), as the communities projection would recreate
 * them at 0 before replaying what happened inside.
 */
export async function insertCommunityFixture(
  db: Db,
  privacy: CommunityPrivacy = 'public',
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('communities')
    .values({
      id,
      name: `Fixture ${id.slice(0, 8)}`,
      category: 'technology',
      privacy,
      website: null,
      email: null,
      location: null,
      avatar_url: null,
      banner_url: null,
      created_by: null,
      created_at: new Date(),
    })
    .execute();
  return id;
}

/** FIXTURE: a member row, active unless said otherwise. */
export async function insertMemberFixture(
  db: Db,
  communityId: string,
  userId: string,
  role: CommunityRole = 'member',
  status: 'active' | 'pending' = 'active',
): Promise<void> {
  await db
    .insertInto('community_members')
    .values({
      community_id: communityId,
      user_id: userId,
      role,
      status,
      joined_at: new Date(),
      last_active_at: null,
    })
    .execute();
}

/** The counters other domains bump, back to how the communities projection creates them. */
export async function resetCommunityCounters(db: Db): Promise<void> {
  await db
    .updateTable('communities')
    .set({ discussion_count: 0, post_count: 0, event_count: 0, version: 0 })
    .execute();
  await db
    .updateTable('community_members')
    .set({ post_count: 0, likes_received: 0, last_active_at: null })
    .execute();
}

export async function communityCounts(db: Db, communityId: string) {
  return db
    .selectFrom('communities')
    .select(['discussion_count', 'post_count'])
    .where('id', '=', communityId)
    .executeTakeFirstOrThrow();
}

export async function memberCounts(db: Db, communityId: string, userId: string) {
  return db
    .selectFrom('community_members')
    .select(['post_count', 'likes_received', 'last_active_at'])
    .where('community_id', '=', communityId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}
