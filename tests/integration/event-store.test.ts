import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { countEvents, userRegistered } from '../support/factories';
import { append } from '../support/model';
import { ConcurrencyError, InvalidEventError } from '../../server/eventstore/errors';
import { currentCheckpoint, readCommittedAfter, START_OF_LOG } from '../../server/eventstore/read';
import type { NewEvent } from '../../shared/events';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('append', () => {
  it('numbers events within their stream and projects them in the same transaction', async () => {
    const userId = randomUUID();
    const stream = `user-${userId}`;
    const stored = await database.db
      .transaction()
      .execute((trx) =>
        append(trx, stream, 0, [userRegistered({ userId, username: `u${userId.slice(0, 8)}` })]),
      );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ streamId: stream, streamVersion: 1, type: 'UserRegistered' });
    const user = await database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirst();
    expect(user?.username).toBe(`u${userId.slice(0, 8)}`);
  });

  it('refuses a stale expected version with a typed error and writes nothing', async () => {
    const userId = randomUUID();
    const stream = `user-${userId}`;
    await database.db
      .transaction()
      .execute((trx) => append(trx, stream, 0, [userRegistered({ userId })]));
    const before = await countEvents(database.db);
    await expect(
      database.db
        .transaction()
        .execute((trx) => append(trx, stream, 0, [userRegistered({ userId })])),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await countEvents(database.db)).toBe(before);
  });

  it('refuses an expected version the stream has not reached, leaving no gap', async () => {
    const userId = randomUUID();
    const stream = `user-${userId}`;
    await database.db
      .transaction()
      .execute((trx) => append(trx, stream, 0, [userRegistered({ userId })]));
    const before = await countEvents(database.db);
    await expect(
      database.db
        .transaction()
        .execute((trx) =>
          append(trx, stream, 3, [{ type: 'UserEnabled', data: { userId, byUserId: userId } }]),
        ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await countEvents(database.db)).toBe(before);
  });

  it("refuses a command's append to a stream that is another writer's turn, and takes it after", async () => {
    const userId = randomUUID();
    const stream = `user-${userId}`;
    await database.db
      .transaction()
      .execute((trx) => append(trx, stream, 0, [userRegistered({ userId })]));
    const inTurn = sql`select agora_expect_version_in_turn(${stream}, 1)`;
    await database.db.transaction().execute(async (trx) => {
      await sql`select agora_wait_for_stream_turns(array[${stream}])`.execute(trx);
      // The holder's own appends are in its turn; anyone else's fail at once, without waiting.
      await inTurn.execute(trx);
      await expect(inTurn.execute(database.db)).rejects.toMatchObject({ code: 'AG409' });
      // Another stream is nobody's turn.
      const other = randomUUID();
      await append(trx, `user-${other}`, 0, [userRegistered({ userId: other })]);
    });
    await expect(inTurn.execute(database.db)).resolves.toBeDefined();
  });

  it('lets exactly one of many parallel appends at one version succeed', async () => {
    const stream = `probe-${randomUUID()}`;
    const userId = randomUUID();
    await database.db
      .transaction()
      .execute((trx) => append(trx, `user-${userId}`, 0, [userRegistered({ userId })]));
    const attempts = Array.from({ length: 8 }, () =>
      database.db.transaction().execute(async (trx) => {
        const result = await append(trx, stream, 0, [
          { type: 'TestCounterAdjusted', data: { userId, counter: 'messages', delta: 1 } },
        ]);
        // Hold the transaction open so the others really overlap with it.
        await sql`select pg_sleep(0.05)`.execute(trx);
        return result;
      }),
    );
    const results = await Promise.allSettled(attempts);
    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(fulfilled).toHaveLength(1);
    for (const r of rejected)
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    const rows = await database.db
      .selectFrom('events')
      .select('stream_version')
      .where('stream_id', '=', stream)
      .execute();
    expect(rows).toEqual([{ stream_version: 1 }]);
    const badges = await database.db
      .selectFrom('badges')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(badges.messages).toBe(1);
  });

  it('refuses unknown and malformed events before they reach the table', async () => {
    const before = await countEvents(database.db);
    await expect(
      database.db
        .transaction()
        .execute((trx) =>
          append(trx, 's-1', 0, [{ type: 'NoSuchEvent', data: {} } as unknown as NewEvent]),
        ),
    ).rejects.toBeInstanceOf(InvalidEventError);
    await expect(
      database.db
        .transaction()
        .execute((trx) =>
          append(trx, 's-2', 0, [
            { type: 'UserRegistered', data: { userId: 'not-a-uuid' } } as unknown as NewEvent,
          ]),
        ),
    ).rejects.toBeInstanceOf(InvalidEventError);
    expect(await countEvents(database.db)).toBe(before);
  });
});

describe('reading the log in commit-safe order', () => {
  it('does not hand out an event while an older transaction may still commit before it', async () => {
    const head = await lastCheckpoint();
    const userA = randomUUID();
    const userB = randomUUID();
    let releaseSlow!: () => void;
    const slowMayCommit = new Promise<void>((resolve) => (releaseSlow = resolve));
    let slowAppended!: () => void;
    const slowHasAppended = new Promise<void>((resolve) => (slowAppended = resolve));

    // The slow transaction takes its id first, the fast one commits first.
    const slow = database.db.transaction().execute(async (trx) => {
      await append(trx, `user-${userA}`, 0, [userRegistered({ userId: userA })]);
      slowAppended();
      await slowMayCommit;
    });
    await slowHasAppended;
    await database.db
      .transaction()
      .execute((trx) => append(trx, `user-${userB}`, 0, [userRegistered({ userId: userB })]));

    // Released however the checks end: left open, the transaction would hold back every later
    // test file's reads on this Postgres server (its xmin is the server's).
    try {
      const whileSlowOpen = await readCommittedAfter(database.db, head, 100);
      expect(whileSlowOpen).toMatchObject({ events: [], heldBack: true, complete: true });
      // The fast one's event is committed: told to the caches as waiting, never pushed yet.
      expect(whileSlowOpen.waiting.map((e) => (e.data as { userId: string }).userId)).toEqual([
        userB,
      ]);
    } finally {
      releaseSlow();
      await slow;
    }
    const afterBoth = await readCommittedAfter(database.db, head, 100);
    expect(afterBoth.heldBack).toBe(false);
    expect(afterBoth.events.map((e) => (e.data as { userId: string }).userId)).toEqual([
      userA,
      userB,
    ]);
  });

  it('reads from the start of the log in pages', async () => {
    const { events: first } = await readCommittedAfter(database.db, START_OF_LOG, 2);
    expect(first).toHaveLength(2);
    const { events: next } = await readCommittedAfter(
      database.db,
      { transactionId: first[1]!.transactionId, globalPosition: first[1]!.globalPosition },
      2,
    );
    expect(next[0]!.globalPosition).toBeGreaterThan(first[1]!.globalPosition);
  });
});

async function lastCheckpoint() {
  const { events } = await readCommittedAfter(database.db, START_OF_LOG, 100000);
  const last = events[events.length - 1];
  return last
    ? { transactionId: last.transactionId, globalPosition: last.globalPosition }
    : START_OF_LOG;
}

describe('commit-safe reads across a power of ten of transaction ids', () => {
  // Its own database: the events below carry transaction ids that no real transaction had.
  let isolated: TestDatabase;
  beforeAll(async () => {
    isolated = await createTestDatabase();
  });
  afterAll(async () => {
    await isolated.drop();
  });

  it('orders by transaction id as a number, so no event is handed out twice or skipped', async () => {
    const { rows } = await sql<{ xmin: string }>`
      select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`.execute(isolated.db);
    // Two finished transactions either side of 100: as text '100' sorts before '99'.
    expect(Number(rows[0]!.xmin)).toBeGreaterThan(101);
    await sql`
      insert into events (transaction_id, stream_id, stream_version, type, data, metadata)
      values ('99'::xid8, 'probe-a', 1, 'UserEnabled', '{}', '{}'),
             ('100'::xid8, 'probe-b', 1, 'UserEnabled', '{}', '{}'),
             ('101'::xid8, 'probe-c', 1, 'UserEnabled', '{}', '{}')`.execute(isolated.db);

    const first = await readCommittedAfter(isolated.db, START_OF_LOG, 2);
    expect(first.events.map((e) => e.transactionId)).toEqual(['99', '100']);
    const last = first.events.at(-1)!;
    const next = await readCommittedAfter(
      isolated.db,
      { transactionId: last.transactionId, globalPosition: last.globalPosition },
      10,
    );
    expect(next.events.map((e) => e.transactionId)).toEqual(['101']);
    expect(await currentCheckpoint(isolated.db)).toMatchObject({ transactionId: '101' });
  });
});
