import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { append } from '../../server/eventstore/append';
import { rebuildReadModels } from '../../server/eventstore/rebuild';
import { projections } from '../../server/domains/projections';
import type { NewEvent } from '../../shared/events';
import type { BadgeCounter } from '../../shared/badges';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

async function snapshotReadModels(): Promise<Record<string, unknown[]>> {
  const tables = [...new Set(projections.flatMap((p) => p.tables))];
  const result: Record<string, unknown[]> = {};
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`
      select * from ${sql.table(table)} order by 1`.execute(database.db);
    result[table] = rows;
  }
  return result;
}

/** A deterministic pseudo-random sequence, so a failure can be replayed. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

it('reproduces every read model exactly from a few hundred mixed events', async () => {
  const random = sequence(42);
  const users: { id: string; version: number; disabled: boolean }[] = [];
  const counters: BadgeCounter[] = ['notifications', 'messages', 'friendRequests'];
  let appended = 0;

  while (appended < 400) {
    const roll = random();
    await database.db.transaction().execute(async (trx) => {
      if (users.length < 5 || roll < 0.15) {
        const id = randomUUID();
        await append(trx, `user-${id}`, 0, [
          {
            type: 'UserRegistered',
            data: {
              userId: id,
              username: `user_${appended}`,
              email: `user${appended}@example.com`,
              passwordHash: `hash-${appended}`,
              role: users.length === 0 ? 'owner' : 'member',
            },
          },
        ]);
        users.push({ id, version: 1, disabled: false });
        return;
      }
      const user = users[Math.floor(random() * users.length)]!;
      let events: NewEvent[];
      if (roll < 0.25) {
        events = [
          {
            type: 'PasswordResetRequested',
            data: {
              userId: user.id,
              tokenId: randomUUID(),
              tokenHash: appended.toString(16).padStart(64, '0'),
              expiresAt: new Date(Date.UTC(2030, 0, 1)).toISOString(),
            },
          },
        ];
      } else if (roll < 0.35) {
        events = [
          { type: 'PasswordChanged', data: { userId: user.id, passwordHash: `new-${appended}` } },
        ];
      } else if (roll < 0.4) {
        events = [
          {
            type: user.disabled ? 'UserEnabled' : 'UserDisabled',
            data: { userId: user.id, byUserId: users[0]!.id },
          },
        ];
        user.disabled = !user.disabled;
      } else {
        const counter = counters[Math.floor(random() * counters.length)]!;
        await append(trx, `test-signal-${randomUUID()}`, 0, [
          {
            type: 'TestCounterAdjusted',
            data: { userId: user.id, counter, delta: random() < 0.7 ? 1 : -1 },
          },
        ]);
        return;
      }
      await append(trx, `user-${user.id}`, user.version, events);
      user.version += events.length;
    });
    appended += 1;
  }

  const before = await snapshotReadModels();
  expect(before.users).toHaveLength(users.length);
  const { events } = await rebuildReadModels(database.db);
  expect(events).toBe(400);
  const after = await snapshotReadModels();
  expect(after).toEqual(before);
});
