import request from 'supertest';
import type { CommunityPrivacy, CommunityRole } from '../../shared/communities';
import type { Db } from '../../server/db/schema';
import type { RunningServer } from '../../server/server';
import { as, type TestMember } from './factories';

/**
 * A community made through the API as members make one: `admin` creates it (so is its admin),
 * invites the others, who join (an invitation from a manager admits them whatever the privacy),
 * and gets the roles given. Everything is in the log, so a rebuild reproduces it.
 */
export async function communityOf(
  server: RunningServer,
  privacy: CommunityPrivacy,
  admin: TestMember,
  others: readonly { member: TestMember; role?: CommunityRole }[] = [],
): Promise<string> {
  const res = await request(server.url)
    .post('/api/communities')
    .set('cookie', admin.cookie)
    .field('name', `Community ${Math.random().toString(36).slice(2, 8)}`)
    .field('category', 'technology')
    .field('privacy', privacy);
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
  const id = (res.body as { id: string }).id;
  if (others.length === 0) return id;
  await as(server, admin)
    .post(`/communities/${id}/invitations`, { userIds: others.map(({ member }) => member.id) })
    .expect(200);
  for (const { member, role } of others) {
    await as(server, member).post(`/communities/${id}/join`).expect(200);
    if (role && role !== 'member') {
      await as(server, admin)
        .put(`/communities/${id}/members/${member.id}/role`, { role })
        .expect(204);
    }
  }
  return id;
}

/** The counts other domains keep on a community's row. */
export async function communityCounts(db: Db, communityId: string) {
  return db
    .selectFrom('communities')
    .select(['discussion_count', 'post_count'])
    .where('id', '=', communityId)
    .executeTakeFirstOrThrow();
}

/** A member's counts in a community. */
export async function memberCounts(db: Db, communityId: string, userId: string) {
  return db
    .selectFrom('community_members')
    .select(['post_count', 'likes_received', 'last_active_at'])
    .where('community_id', '=', communityId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}
