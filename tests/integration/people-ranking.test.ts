import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { sql } from 'kysely';
import {
  NEAREST_REACH,
  needleOf,
  matchesOf,
  rankEveryMatch,
  rankGiven,
  rankNearest,
  rankPeople,
} from '../../server/domains/people/people-search';
import { as, befriend, signUp, userRegistered, type TestMember } from '../support/factories';
import { append } from '../support/model';
import { useServerWithDatabase } from '../support/test-server';

// A hook copies a database and starts a server: seconds on a busy two-core machine.
jest.setTimeout(120_000);

const stack = useServerWithDatabase();
const db = () => stack.database.db;

/*
 * Usernames and display names chosen for the ranking's edges: an exact username, prefixes by
 * username and by display name only, similar names that do not contain the text, names that
 * contain it with a similarity under pg_trgm's threshold, a long run of names tied on
 * similarity (longer than the nearest reading's first reach), and display names nearer the
 * text than their usernames.
 */
const named: [username: string, displayName: string][] = [
  ['river', 'river'],
  ['river_aa', 'river_aa'],
  ['river_bb', 'river_bb'],
  ['rivera', 'Rivera'],
  ['riverside_long_name', 'Riverside'],
  ['the_river', 'the_river'],
  ['rivr', 'rivr'],
  ['driver', 'Driver'],
  ['quiet_one', 'River Song'],
  ['quiet_two', 'Riversong'],
  ['arrivederci_everyone', 'Arrivederci'],
  ['xx_iv_xx', 'nobody'],
  ['tide', 'tide'],
  ...Array.from({ length: 70 }, (_, i): [string, string] => [`tide_${i}`, `Tide ${i}`]),
  ...Array.from({ length: 40 }, (_, i): [string, string] => [`surf${i}_tide`, `Surfer ${i}`]),
];

let caller: TestMember;
const people: Record<string, TestMember> = {};

beforeAll(async () => {
  caller = await signUp(stack.server, 'ranking_caller');
  // Members the caller's rights decide about, all of them matching "river" or "tide".
  for (const name of [
    'river_friend',
    'river_blocked',
    'river_blocker',
    'river_private',
    'river_friends_only',
    'river_friend_private',
    'tide_blocked',
    'tide_private',
    'go_between',
  ]) {
    people[name] = await signUp(stack.server, name);
  }
  await befriend(stack.server, caller, people.river_friend!);
  await befriend(stack.server, caller, people.river_friend_private!);
  await befriend(stack.server, caller, people.go_between!);
  for (const blocked of ['river_blocked', 'tide_blocked']) {
    await as(stack.server, caller)
      .post('/friends/blocks', { userId: people[blocked]!.id })
      .expect(201);
  }
  await as(stack.server, people.river_blocker!)
    .post('/friends/blocks', { userId: caller.id })
    .expect(201);
  for (const [name, privacy] of [
    ['river_private', 'private'],
    ['river_friends_only', 'friendsOnly'],
    ['river_friend_private', 'friendsOnly'],
    ['tide_private', 'private'],
  ] as const) {
    await as(stack.server, people[name]!).put('/me/privacy', { privacy }).expect(200);
  }

  const ids = new Map<string, string>();
  await db()
    .transaction()
    .execute(async (trx) => {
      for (const [username] of named) {
        const userId = randomUUID();
        ids.set(username, userId);
        await append(trx, `user-${userId}`, 0, [userRegistered({ userId, username })]);
      }
    });
  // The display names are the read model's: this test compares two readings of one table.
  for (const [username, displayName] of named) {
    await sql`update users set display_name = ${displayName} where id = ${ids.get(username)!}`.execute(
      db(),
    );
  }
  // Mutual friends break ties: river_bb and tide_7 share the go-between with the caller.
  await sql`insert into friendships (user_id, friend_id, since, last_interaction_at, trust_level, permissions)
    select a, b, now(), now(), 50, f.permissions
    from (values (${ids.get('river_bb')!}::uuid, ${people.go_between!.id}::uuid),
                 (${ids.get('tide_7')!}::uuid, ${people.go_between!.id}::uuid)) p(x, y),
      lateral (values (p.x, p.y), (p.y, p.x)) d(a, b),
      (select permissions from friendships limit 1) f`.execute(db());
});

const texts = [
  'river',
  'River',
  'riv',
  'rive',
  'rivers',
  'driver',
  'song',
  'river song',
  'iv',
  'r',
  'tide',
  'tide_1',
  'tide 4',
  'surf',
  '_tide',
  'ide',
  'nobody',
  'arrive',
  'zzz',
  '%',
  '_',
];
const limits = [1, 2, 3, 5, 10, 50];

const ranked = (rows: { id: string | null; tier: number; similarity: number; mutual: number }[]) =>
  rows
    .filter((row) => row.id !== null)
    .map(({ id, tier, similarity, mutual }) => ({ id, tier, similarity, mutual }));

async function everyMatch(text: string, limit: number) {
  const { rows } = await rankEveryMatch(caller.id, needleOf(text)!, limit).execute(db());
  return ranked(rows);
}

/** The matches found up to a cap, then ranked from their ids when there are no more. */
async function capped(text: string, limit: number, cap: number) {
  const needle = needleOf(text)!;
  const { rows: found } = await matchesOf(needle, cap).execute(db());
  if (found.length > cap) return { many: true, rows: [] };
  const ids = found.map((row) => row.id);
  const { rows } = await rankGiven(caller.id, needle, limit, ids).execute(db());
  return { many: false, rows: ranked(rows) };
}

describe('people search read from the nearest names', () => {
  it('ranks as ranking every match does, for every text, limit and reach', async () => {
    const differing: unknown[] = [];
    let settled = 0;
    let readings = 0;
    const manyTexts = new Set<string>();
    for (const text of texts) {
      for (const limit of limits) {
        const expected = await everyMatch(text, limit);
        // Found first, up to a cap: ranked from their ids only when there are no more than that.
        const few = await capped(text, limit, 5);
        if (!few.many && JSON.stringify(few.rows) !== JSON.stringify(expected)) {
          differing.push({ text, limit, few, expected });
        }
        if (few.many) manyTexts.add(text);
        for (const reach of [1, 4, 16, NEAREST_REACH.first, 128, NEAREST_REACH.widest]) {
          readings += 1;
          const { rows } = await rankNearest(caller.id, needleOf(text)!, limit, reach).execute(
            db(),
          );
          if (!rows[0]?.settled) continue;
          settled += 1;
          const got = ranked(rows);
          if (JSON.stringify(got) !== JSON.stringify(expected)) {
            differing.push({ text, limit, reach, got, expected });
          }
        }
        const served = await rankPeople(db(), caller.id, text, limit);
        const wanted = expected.map((row) => row.id);
        if (JSON.stringify(served.map((m) => m.id)) !== JSON.stringify(wanted)) {
          differing.push({ text, limit, served, wanted });
        }
      }
    }
    expect(differing).toEqual([]);
    // The nearest reading answers most of these by itself, not only through the fallback.
    expect(settled).toBeGreaterThan(readings / 3);
    expect(manyTexts).toEqual(expect.objectContaining({ size: expect.any(Number) }));
    expect(['tide', 'river'].filter((text) => manyTexts.has(text))).toEqual(['tide', 'river']);
    expect(['zzz', 'nobody', 'arrive'].filter((text) => manyTexts.has(text))).toEqual([]);
  });

  it('settles a text every name of a long tie holds, widening past the first reach', async () => {
    const needle = needleOf('tide')!;
    const first = await rankNearest(caller.id, needle, 50, NEAREST_REACH.first).execute(db());
    expect(first.rows[0]).toMatchObject({ settled: false, widen: true });
    const wider = await rankNearest(caller.id, needle, 50, 4 * NEAREST_REACH.first).execute(db());
    expect(wider.rows[0]?.settled).toBe(true);
    expect(wider.rows).toHaveLength(50);
  });

  it('keeps the rules of who may be found', async () => {
    const found = async (text: string) => {
      const ranked = await rankPeople(db(), caller.id, text, 50);
      const { rows } = await sql<{ username: string; id: string }>`
        select id, username from users`.execute(db());
      const byId = new Map(rows.map((row) => [row.id, row.username]));
      return ranked.map((match) => byId.get(match.id));
    };
    const river = await found('river');
    expect(river.slice(0, 3)).toEqual(['river', 'river_bb', 'river_aa']);
    expect(river).toEqual(expect.arrayContaining(['river_friend', 'river_friends_only']));
    expect(river).toContain('river_friend_private');
    for (const hidden of ['river_blocked', 'river_blocker', 'river_private', 'ranking_caller']) {
      expect(river).not.toContain(hidden);
    }
    const tide = await found('tide');
    expect(tide[0]).toBe('tide');
    expect(tide).not.toContain('tide_blocked');
    expect(tide).not.toContain('tide_private');
  });
});
