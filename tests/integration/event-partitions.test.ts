import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import type { Badges } from '../../shared/badges';
import type { Backup, RestoreJob } from '../../shared/ops/backups';
import { BACKUP_STREAM_CATEGORY } from '../../shared/ops/backups';
import type { NewEvent } from '../../shared/events';
import { migrations } from '../../migrations';
import { streamVersion as streamVersionRead } from '../../server/core/reads';
import { connectDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import type { Db } from '../../server/db/schema';
import { readRestoreJob } from '../../server/domains/backup/backup-read';
import { requestRestoreAndPush } from '../../server/domains/backup/commands';
import { ConcurrencyError } from '../../server/eventstore/errors';
import { ensureEventPartitions, EVENT_PARTITIONS_LOCK } from '../../server/eventstore/partitions';
import {
  currentCheckpoint,
  readCommittedAfter,
  START_OF_LOG,
  streamVersion,
} from '../../server/eventstore/read';
import type { RunningServer } from '../../server/server';
import { eventually } from '../support/eventually';
import {
  as,
  signUpOwnerAndMember,
  snapshotReadModels,
  streamEvents,
  userRegistered,
  type TestMember,
} from '../support/factories';
import { append, model, rebuild, runRead } from '../support/model';
import {
  eventsByPartition,
  partitionsOf,
  useSmallPartitions,
  type Partition,
} from '../support/event-partitions';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { connectAs, startTestServer } from '../support/test-server';

/** A tiny span, so a few hundred events cross several partition boundaries. */
const SPAN = 50;
const AHEAD = 2;
const LAST_BEFORE_PARTITIONS = '20261210T100000-quotes-counted';

/** Each partition's range starts where the one before ends: no gap, no overlap. */
function expectContiguous(partitions: readonly Partition[]) {
  for (let i = 1; i < partitions.length; i += 1)
    expect(partitions[i]!.from).toBe(partitions[i - 1]!.to);
}

async function lastPosition(db: Db): Promise<number> {
  const { rows } = await sql<{ position: number | null }>`
    select max(global_position) as position from events`.execute(db);
  return Number(rows[0]!.position ?? 0);
}

/** The workers' margin: partitions reach `AHEAD` spans past the newest event. */
async function marginKept(db: Db): Promise<void> {
  await eventually(
    async () => ({ partitions: await partitionsOf(db), last: await lastPosition(db) }),
    ({ partitions, last }) => partitions.at(-1)!.to > last + AHEAD * SPAN,
  );
}

const counterAdjusted = (userId: string): NewEvent => ({
  type: 'TestCounterAdjusted',
  data: { userId, counter: 'notifications', delta: 1 },
});

/**
 * `count` appends of mixed streams, stopping every 20 for the workers to keep their margin (as
 * they would between the bursts of a real load): no append ever meets a missing partition.
 */
async function appendMany(db: Db, count: number, userId: string, keepMargin = true) {
  for (let n = 0; n < count; n += 1) {
    await db
      .transaction()
      .execute((trx) => append(trx, `test-signal-${randomUUID()}`, 0, [counterAdjusted(userId)]));
    if (keepMargin && n % 20 === 19) await marginKept(db);
  }
}

let database: TestDatabase;
let a: RunningServer;
let b: RunningServer;
let owner: TestMember;
const backupDir = mkdtempSync(path.join(tmpdir(), 'agora-partitions-test-'));

beforeAll(async () => {
  database = await createTestDatabase();
  const env = {
    ...(await useSmallPartitions(database.db, SPAN, AHEAD)),
    BACKUP_DIR: backupDir,
    BACKUP_STORAGE_LIMIT_BYTES: String(1024 * 1024 * 1024),
  };
  // Two processes, each with its worker making partitions: they must take turns.
  a = await startTestServer(database.url, { env });
  b = await startTestServer(database.url, { env });
  ({ owner } = await signUpOwnerAndMember(a));
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.drop();
  await rm(backupDir, { recursive: true, force: true });
}, 120_000);

describe('partitions made ahead', () => {
  it('keeps a margin of partitions past the newest event, made by the workers of both processes', async () => {
    await marginKept(database.db);
    const partitions = await partitionsOf(database.db);
    expect(partitions[0]).toMatchObject({ name: 'events_p0', from: null, to: 1 });
    expectContiguous(partitions);
    for (const partition of partitions.slice(1)) expect(partition.to - partition.from!).toBe(SPAN);
  });

  it('lets several callers make partitions at once without a clash, gap or overlap', async () => {
    const before = await partitionsOf(database.db);
    const created = await Promise.all(
      Array.from({ length: 6 }, () =>
        ensureEventPartitions(database.db, { span: SPAN, ahead: AHEAD + 3 }),
      ),
    );
    const after = await partitionsOf(database.db);
    expect(after.length - before.length).toBe(created.reduce((sum, n) => sum + n, 0));
    expect(after.at(-1)!.to).toBeGreaterThan(
      (await lastPosition(database.db)) + (AHEAD + 3) * SPAN,
    );
    expectContiguous(after);
  });

  it('makes the partitions that the positions a restore is about to write need', async () => {
    const far = (await partitionsOf(database.db)).at(-1)!.to + 4 * SPAN;
    await ensureEventPartitions(database.db, { span: SPAN, ahead: 1 }, far);
    const partitions = await partitionsOf(database.db);
    expect(partitions.at(-1)!.to).toBeGreaterThan(far + SPAN);
    expectContiguous(partitions);
  });
});

describe('a log across partition boundaries', () => {
  const userId = randomUUID();
  const stream = `user-${userId}`;
  let version = 0;

  beforeAll(async () => {
    await database.db
      .transaction()
      .execute((trx) => append(trx, stream, 0, [userRegistered({ userId })]));
    version = 1;
    // One stream with events in every partition the log fills, among many others.
    for (let round = 0; round < 4; round += 1) {
      await appendMany(database.db, 40, userId);
      await database.db
        .transaction()
        .execute((trx) =>
          append(trx, stream, version, [
            { type: 'PasswordChanged', data: { userId, passwordHash: `hash-${round}` } },
          ]),
        );
      version += 1;
    }
  }, 120_000);

  it('spreads the appended events over at least four partitions (three boundaries crossed)', async () => {
    const filled = await eventsByPartition(database.db);
    expect(filled.size).toBeGreaterThanOrEqual(4);
    for (const count of filled.values()) expect(count).toBeLessThanOrEqual(SPAN);
    const { rows } = await sql<{ partitions: number }>`
      select count(distinct tableoid)::int as partitions from events
      where stream_id = ${stream}`.execute(database.db);
    expect(rows[0]!.partitions).toBeGreaterThanOrEqual(3);
  });

  it("reads a stream whose events lie in several partitions whole, and a command's version read agrees", async () => {
    const events = await streamEvents(database.db, stream);
    expect(events.map((e) => e.stream_version)).toEqual(
      Array.from({ length: version }, (_, i) => i + 1),
    );
    expect(await database.db.transaction().execute((trx) => streamVersion(trx, stream))).toBe(
      version,
    );
    expect(await runRead(database.db, streamVersionRead(stream))).toBe(version);
  });

  it('lets exactly one of many parallel appends at one version win, the others a ConcurrencyError', async () => {
    const attempts = Array.from({ length: 8 }, (_, n) =>
      database.db.transaction().execute(async (trx) => {
        const stored = await append(trx, stream, version, [
          { type: 'PasswordChanged', data: { userId, passwordHash: `race-${n}` } },
        ]);
        await sql`select pg_sleep(0.05)`.execute(trx);
        return stored;
      }),
    );
    const results = await Promise.allSettled(attempts);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    version += 1;
    // Stale and not-yet-reached versions are refused as before.
    for (const expected of [version - 1, version + 1]) {
      await expect(
        database.db
          .transaction()
          .execute((trx) =>
            append(trx, stream, expected, [
              { type: 'PasswordChanged', data: { userId, passwordHash: 'late' } },
            ]),
          ),
      ).rejects.toBeInstanceOf(ConcurrencyError);
    }
    const events = await streamEvents(database.db, stream);
    expect(events.map((e) => e.stream_version)).toEqual(
      Array.from({ length: version }, (_, i) => i + 1),
    );
  });

  it('hands a reader every event once, in commit-safe order, across the boundaries', async () => {
    // One transaction across a boundary as well: a page may end inside it, and the reader then
    // reads the rest of it apart from the transactions after it.
    await marginKept(database.db);
    await database.db.transaction().execute(async (trx) => {
      for (let n = 0; n < SPAN + 20; n += 1) {
        await append(trx, `test-signal-${randomUUID()}`, 0, [counterAdjusted(owner.id)]);
      }
    });
    await appendMany(database.db, 5, owner.id);
    const seen: string[] = [];
    let from = START_OF_LOG;
    for (;;) {
      const page = await readCommittedAfter(database.db, from, 7);
      for (const event of page.events) seen.push(`${event.transactionId}:${event.globalPosition}`);
      if (page.events.length === 0) break;
      const last = page.events.at(-1)!;
      from = { transactionId: last.transactionId, globalPosition: last.globalPosition };
    }
    const { rows } = await sql<{ key: string }>`
      select transaction_id::text || ':' || global_position as key from events
      order by transaction_id, global_position`.execute(database.db);
    expect(seen).toEqual(rows.map((row) => row.key));
    expect(await currentCheckpoint(database.db)).toEqual(from);
  });

  it("pushes to another process's socket what is appended while the log crosses boundaries", async () => {
    const { rows } = await sql<{ notifications: number }>`
      select notifications from badges where user_id = ${owner.id}`.execute(database.db);
    const start = rows[0]?.notifications ?? 0;
    const socket = await connectAs(b, owner);
    const target = start + 3 * SPAN;
    const pushed = new Promise<Badges>((resolve) => {
      socket.on('badges', (badges: Badges) => {
        if (badges.notifications === target) resolve(badges);
      });
    });
    const partitionsBefore = (await eventsByPartition(database.db)).size;
    await appendMany(database.db, 3 * SPAN, owner.id);
    expect((await eventsByPartition(database.db)).size).toBeGreaterThanOrEqual(
      partitionsBefore + 2,
    );
    expect((await pushed).notifications).toBe(target);
    socket.close();
  });

  it('rebuilds every read model exactly from a log spread over partitions', async () => {
    const before = await snapshotReadModels(database.db);
    await rebuild(database.db);
    expect(await snapshotReadModels(database.db)).toEqual(before);
  });

  it("uses the partitions' indexes for the relay's read and a stream's read", async () => {
    const plans = await database.db.transaction().execute(async (trx) => {
      // The partitions are too small for the planner to prefer an index; what is checked is that
      // every partition has one the queries can use.
      await sql`set local enable_seqscan = off`.execute(trx);
      const explain = async (query: RawBuilder<unknown>) =>
        (await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(trx)).rows
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      return [
        await explain(sql`select * from events e
          where (e.transaction_id, e.global_position) > ('1'::xid8, 1)
          order by e.transaction_id, e.global_position limit 100`),
        await explain(
          sql`select * from events where stream_id = ${stream} order by stream_version`,
        ),
      ];
    });
    for (const plan of plans) {
      expect(plan).not.toMatch(/Seq Scan/);
      expect(plan).toMatch(/Index/);
    }
  });
});

describe('backup and restore across partitions', () => {
  async function waitForBackup(id: string): Promise<Backup> {
    return eventually(
      async () => (await as(a, owner).get(`/backups/${id}`).expect(200)).body as Backup,
      (backup) => !['pending', 'running'].includes(backup.status),
    );
  }

  async function snapshotEvents(): Promise<unknown[]> {
    const { rows } = await sql`
      select global_position, stream_id, stream_version, type, data, metadata, occurred_at
      from events order by global_position`.execute(database.db);
    return rows;
  }

  it('restores a full backup of a log in many partitions into an emptied log, then appends go on', async () => {
    expect((await eventsByPartition(database.db)).size).toBeGreaterThanOrEqual(4);
    const res = await as(a, owner).post('/backups', { type: 'full' }).expect(202);
    const backup = await waitForBackup(res.body.id as string);
    expect(backup.status).toBe('completed');
    const expectedEvents = await snapshotEvents();
    const expectedModels = await snapshotReadModels(database.db);

    await sql`delete from events where split_part(stream_id, '-', 1) <> ${BACKUP_STREAM_CATEGORY}`.execute(
      database.db,
    );
    await rebuild(database.db);
    const job = await requestRestoreAndPush(
      a.application.deps,
      { backupId: backup.id, options: {}, requestedBy: owner.id },
      { actorId: owner.id },
    );
    const finished = await eventually(
      async () => (await readRestoreJob(database.db, job.id)) as RestoreJob,
      (j) => j.status === 'completed' || j.status === 'failed',
    );
    expect(finished).toMatchObject({ status: 'completed', error: null });
    expect(await snapshotEvents()).toEqual(expectedEvents);
    expect(await snapshotReadModels(database.db)).toEqual(expectedModels);

    // The restored streams are at their versions again: a stale append is refused, the next taken.
    const userId = randomUUID();
    await database.db
      .transaction()
      .execute((trx) => append(trx, `user-${userId}`, 0, [userRegistered({ userId })]));
    await expect(
      database.db
        .transaction()
        .execute((trx) => append(trx, `user-${owner.id}`, 0, [userRegistered({ userId })])),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    const last = await lastPosition(database.db);
    await appendMany(database.db, 5, userId);
    expect(await lastPosition(database.db)).toBeGreaterThan(last);
  });
  it("takes the partition maker's lock before the log's, so a maker on another connection never deadlocks with it", async () => {
    const res = await as(a, owner).post('/backups', { type: 'full' }).expect(202);
    const backup = await waitForBackup(res.body.id as string);
    expect(backup.status).toBe('completed');
    const maker = new pg.Client({ connectionString: database.url });
    await maker.connect();
    try {
      // A maker in its turn: it holds the lock, and its ATTACH is about to lock the log.
      await maker.query('begin');
      await maker.query(`select pg_advisory_xact_lock(${EVENT_PARTITIONS_LOCK})`);
      const job = await requestRestoreAndPush(
        a.application.deps,
        { backupId: backup.id, options: {}, requestedBy: owner.id },
        { actorId: owner.id },
      );
      // The restore is under way once it holds the log, or waits for the maker's lock.
      await eventually(async () => {
        const { rows } = await sql<{ started: boolean }>`
          select exists (select 1 from pg_locks l
                         where l.relation = 'events'::regclass and l.mode = 'ExclusiveLock'
                           and l.granted)
              or exists (select 1 from pg_stat_activity s
                         where s.wait_event_type = 'Lock' and s.wait_event = 'advisory'
                           and s.query like 'select pg_advisory_xact_lock(%') as started`.execute(
          database.db,
        );
        return rows[0]!.started;
      });
      await maker.query(`set local lock_timeout = '30s'`);
      await maker.query('lock table events in share update exclusive mode');
      await maker.query('commit');
      const finished = await eventually(
        async () => (await readRestoreJob(database.db, job.id)) as RestoreJob,
        (j) => j.status === 'completed' || j.status === 'failed',
      );
      expect(finished).toMatchObject({ status: 'completed', error: null });
    } finally {
      await maker.end();
    }
  }, 120_000);
});

/** The read models' tables that `db`'s schema has: migrations after its own add others. */
async function readModelTablesIn(db: Db): Promise<string[]> {
  const tables = [...new Set(model.projections.flatMap((p) => p.tables))];
  const { rows } = await sql<{ name: string }>`select table_name as name
    from information_schema.tables
    where table_schema = current_schema() and table_name = any(${tables})`.execute(db);
  const present = new Set(rows.map((row) => row.name));
  return tables.filter((table) => present.has(table));
}

describe('the in-place migration', () => {
  const name = `agora_inplace_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  let handle: ReturnType<typeof connectDatabase>;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.AGORA_TEST_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.AGORA_TEST_ADMIN_URL!);
    url.pathname = `/${name}`;
    handle = connectDatabase(url.toString());
  });
  afterAll(async () => {
    await handle?.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('turns a log with data into partitions: positions go on, versions are kept, reads and rebuilds agree', async () => {
    const db = handle.db;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo(LAST_BEFORE_PARTITIONS);
    expect(error).toBeUndefined();

    const users = Array.from({ length: 5 }, () => randomUUID());
    for (const userId of users) {
      await db
        .transaction()
        .execute((trx) => append(trx, `user-${userId}`, 0, [userRegistered({ userId })]));
      await db.transaction().execute((trx) =>
        append(trx, `user-${userId}`, 1, [
          { type: 'PasswordChanged', data: { userId, passwordHash: 'one' } },
          { type: 'PasswordChanged', data: { userId, passwordHash: 'two' } },
        ]),
      );
    }
    await appendMany(db, 30, users[0]!, false);
    const oldLast = await lastPosition(db);
    const oldCount = (await eventsByPartition(db)).get('events') ?? 0;
    const checkpoint = await currentCheckpoint(db);
    const oldTables = await readModelTablesIn(db);
    const models = await snapshotReadModels(db, oldTables);
    expect(oldCount).toBeGreaterThan(30);

    await migrateToLatest(db);

    const partitions = await partitionsOf(db);
    expect(partitions[0]).toEqual({ name: 'events_p0', from: null, to: oldLast + 1 });
    expect(partitions.length).toBeGreaterThanOrEqual(3);
    expectContiguous(partitions);
    expect((await eventsByPartition(db)).get('events_p0')).toBe(oldCount);
    // The read models are what the old log made, and a rebuild from the partitions makes them again.
    expect(await snapshotReadModels(db, oldTables)).toEqual(models);
    await rebuild(db);
    expect(await snapshotReadModels(db, oldTables)).toEqual(models);

    // The streams' versions came along: a stale append is refused, the right one goes on after
    // the old last position.
    const userId = users[1]!;
    await expect(
      db
        .transaction()
        .execute((trx) =>
          append(trx, `user-${userId}`, 2, [
            { type: 'PasswordChanged', data: { userId, passwordHash: 'stale' } },
          ]),
        ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    const [stored] = await db
      .transaction()
      .execute((trx) =>
        append(trx, `user-${userId}`, 3, [
          { type: 'PasswordChanged', data: { userId, passwordHash: 'three' } },
        ]),
      );
    expect(stored!.globalPosition).toBe(oldLast + 1);
    expect(stored!.streamVersion).toBe(4);
    expect(await db.transaction().execute((trx) => streamVersion(trx, `user-${userId}`))).toBe(4);

    // A reader at the old log's checkpoint (a relay running across the migration) gets just it.
    const page = await readCommittedAfter(db, checkpoint, 100);
    expect(page.events.map((e) => e.globalPosition)).toEqual([oldLast + 1]);
  });
});
