import { jest } from '@jest/globals';
import { sql, type RawBuilder } from 'kysely';
import { FRIEND_PERMISSIONS } from '../../shared/social/limits';
import {
  areFriends,
  blockedEitherWay,
  inBlocksOf,
  inFriendsOf,
  member,
  type MemberRef,
} from '../../server/domains/relations/relations-policy';
import { as, befriend, signUpMembers, type TestMember } from '../support/factories';
import { useServerWithDatabase } from '../support/test-server';

// A hook copies a database and starts a server: seconds on a busy two-core machine.
jest.setTimeout(60_000);

const stack = useServerWithDatabase();
const db = () => stack.database.db;

let members: TestMember[];
beforeAll(async () => {
  const [a, b, c, d, e, f] = await signUpMembers(stack.server, 6);
  members = [a, b, c, d, e, f];
  await befriend(stack.server, a, b);
  await befriend(stack.server, a, c);
  await befriend(stack.server, d, e);
  // A friend who may no longer search: still a friend for these rules.
  const narrowed = FRIEND_PERMISSIONS.filter((p) => p !== 'search');
  await as(stack.server, a)
    .put(`/friends/${b.id}/permissions`, { permissions: narrowed })
    .expect(200);
  await as(stack.server, c).post('/friends/blocks', { userId: d.id }).expect(201);
  await as(stack.server, f).post('/friends/blocks', { userId: a.id }).expect(201);
});

/**
 * For each viewer, the rule asked of every member at once (the viewer fixed, the member a
 * column: the shape a search or a feed has, where Postgres may hash the viewer's list) against
 * the pair rule asked of the same members.
 */
async function sameForEveryPair(
  list: (m: MemberRef, viewer: MemberRef) => RawBuilder<boolean>,
  pair: (m: MemberRef, viewer: MemberRef) => RawBuilder<boolean>,
): Promise<number> {
  let holding = 0;
  const disagreeing: unknown[] = [];
  for (const viewer of members) {
    const { rows } = await sql<{ id: string; listed: boolean; paired: boolean }>`
      select u.id, ${list(sql.ref('u.id'), member(viewer.id))} as listed,
        ${pair(sql.ref('u.id'), member(viewer.id))} as paired
      from users u`.execute(db());
    for (const row of rows) {
      if (row.listed !== row.paired) disagreeing.push({ viewer: viewer.id, ...row });
      if (row.listed) holding += 1;
    }
  }
  expect(disagreeing).toEqual([]);
  return holding;
}

describe('the rules asked as a list of the viewer', () => {
  it('inBlocksOf answers as blockedEitherWay for every pair, either way', async () => {
    // Two blocks, each seen from both sides.
    expect(await sameForEveryPair(inBlocksOf, blockedEitherWay)).toBe(4);
  });

  it('inFriendsOf answers as areFriends for every pair', async () => {
    // Three friendships, each seen from both sides.
    expect(await sameForEveryPair(inFriendsOf, areFriends)).toBe(6);
  });
});
