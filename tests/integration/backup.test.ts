import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import request from 'supertest';
import {
  BACKUP_STREAM_CATEGORY,
  DEFAULT_BACKUP_CONFIG,
  backupMessages,
  type RestoreOptions,
  type Backup,
  type BackupConfig,
  type RestoreJob,
} from '../../shared/ops/backups';
import { OWNER_ONLY_MESSAGE } from '../../shared/ops/realtime';
import { SOCKET_EVENTS } from '../../shared/realtime';
import { loadConfig } from '../../server/config';
import { readRestoreJob } from '../../server/domains/backup/backup-read';
import { requestRestoreAndPush, updateBackupConfig } from '../../server/domains/backup/commands';
import { lockForRestore } from '../../server/domains/backup/restore-runner';
import {
  RestoreRefusedError,
  resolveChain,
  verifyChain,
} from '../../server/domains/backup/restore-runner';
import { ADVANCE_STREAM_TRIGGER } from '../../server/eventstore/bulk-insert';
import { eventually } from '../support/eventually';
import {
  as,
  countEvents,
  registerDirectly,
  signUpOwnerAndMember,
  snapshotReadModels,
  type TestMember,
} from '../support/factories';
import { restoreOutcome } from '../../web/features/backup/backupFormat';
import { rebuild } from '../support/model';
import { answerRequest, appendToStream, sendRequest } from '../support/social-events';
import {
  openSocket,
  useServerWithDatabase,
  waitForConnect,
  waitForEvent,
} from '../support/test-server';

const backupDir = mkdtempSync(path.join(tmpdir(), 'agora-backup-test-'));
const encryptionKey = randomBytes(32).toString('hex');
const stack = useServerWithDatabase({
  env: {
    BACKUP_DIR: backupDir,
    BACKUP_ENCRYPTION_KEY: encryptionKey,
    BACKUP_STORAGE_LIMIT_BYTES: String(1024 * 1024 * 1024),
  },
});

const KEEP_ALL = { daily: 1000, weekly: 1000, monthly: 1000, yearly: 1000 };
let owner: TestMember;
let member: TestMember;

beforeAll(async () => {
  ({ owner, member } = await signUpOwnerAndMember(stack.server));
  // Keep every backup unless a test asks otherwise: pruning runs after each backup completes.
  const keepAll = await putConfig((c) => ({ ...c, retention: KEEP_ALL }));
  expect(keepAll.status).toBe(200);
});
afterAll(async () => {
  await rm(backupDir, { recursive: true, force: true });
});

const api = () => request(stack.server.url);
const db = () => stack.database.db;

async function backupById(id: string): Promise<Backup> {
  const res = await as(stack.server, owner).get(`/backups/${id}`).expect(200);
  return res.body as Backup;
}

async function takeBackup(type: 'full' | 'incremental' | 'differential'): Promise<Backup> {
  const res = await as(stack.server, owner).post('/backups', { type }).expect(202);
  expect(res.body.status).toBe('pending');
  const done = await eventually(
    () => backupById(res.body.id),
    (b) => !['pending', 'running'].includes(b.status),
  );
  expect(done).toMatchObject({ status: 'completed', type });
  return done;
}

/** Read from the database: while a restore runs, the owner's account may not exist yet. */
async function restoreJob(id: string): Promise<RestoreJob> {
  return (await readRestoreJob(db(), id))!;
}

async function waitForJob(id: string): Promise<RestoreJob> {
  return eventually(
    () => restoreJob(id),
    (job) => job.status === 'completed' || job.status === 'failed',
  );
}

async function putConfig(change: (config: BackupConfig) => BackupConfig) {
  const current = await as(stack.server, owner).get('/backups/config').expect(200);
  return as(stack.server, owner).put(
    '/backups/config',
    change(current.body.config as BackupConfig),
  );
}

async function snapshotEvents(): Promise<unknown[]> {
  const { rows } = await sql`
    select global_position, stream_id, stream_version, type, data, metadata, occurred_at
    from events order by global_position`.execute(db());
  return rows;
}

/** A few members with friend requests, some answered: realistic social events. */
async function socialActivity(members = 4): Promise<string[]> {
  const ids = await registerDirectly(db(), members, 'social');
  for (let n = 1; n < ids.length; n += 1) {
    const requestId = await sendRequest(db(), ids[0]!, ids[n]!, `hello ${n}`);
    if (n % 2 === 1) {
      await answerRequest(db(), 'FriendRequestAccepted', {
        requestId,
        fromUserId: ids[0]!,
        toUserId: ids[n]!,
      });
    }
  }
  return ids;
}

/** Every event outside the backup streams and every read model gone, then the catalogue back. */
async function emptyDatabase() {
  await sql`delete from events where split_part(stream_id, '-', 1) <> ${BACKUP_STREAM_CATEGORY}`.execute(
    db(),
  );
  await rebuild(db());
}

/**
 * Runs `work` with two connections of its own: `holder` in a transaction that has read `users`,
 * and another; both are rolled back and closed after it.
 */
async function withUsersHeld(work: (holder: pg.Client, other: pg.Client) => Promise<void>) {
  const holder = new pg.Client({ connectionString: stack.database.url });
  const other = new pg.Client({ connectionString: stack.database.url });
  await holder.connect();
  await other.connect();
  try {
    await holder.query('begin');
    await holder.query('select 1 from users limit 1');
    await work(holder, other);
  } finally {
    await other.query('rollback').catch(() => undefined);
    await holder.query('rollback').catch(() => undefined);
    await holder.end();
    await other.end();
  }
}

/** A restore holds the log and waits for `users`, which a test's open transaction reads. */
async function restoreQueuedForUsers(): Promise<boolean> {
  const { rows } = await sql<{ queued: boolean }>`
    select exists (select 1 from pg_locks where relation = 'events'::regclass
                     and mode = 'ExclusiveLock' and granted)
       and exists (select 1 from pg_locks where relation = 'users'::regclass
                     and mode = 'AccessExclusiveLock' and not granted) as queued`.execute(db());
  return rows[0]!.queued;
}

/** A restore requested as the owner, the way the API requests one. */
const requestRestore = (backupId: string, options: RestoreOptions) =>
  requestRestoreAndPush(
    stack.server.application.deps,
    { backupId, options, requestedBy: owner.id },
    { actorId: owner.id },
  );

describe('access and validation', () => {
  it('refuses members every backup API with 403', async () => {
    const id = randomUUID();
    const calls = [
      api().get('/api/backups'),
      api().get('/api/backups/stats'),
      api().get('/api/backups/config'),
      api().put('/api/backups/config').send(DEFAULT_BACKUP_CONFIG),
      api().post('/api/backups').send({ type: 'full' }),
      api().delete(`/api/backups/${id}`),
      api().post(`/api/backups/${id}/restore`).send({}),
      api().get(`/api/backups/restores/${id}`),
    ];
    for (const call of calls) {
      const res = await call.set('cookie', member.cookie);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(OWNER_ONLY_MESSAGE);
    }
    await api().get('/api/backups').expect(401);
  });

  it('answers bad input with 400 and writes nothing', async () => {
    const before = await countEvents(db());
    await as(stack.server, owner).post('/backups', { type: 'weekly' }).expect(400);
    await as(stack.server, owner).post('/backups', {}).expect(400);
    await as(stack.server, owner).post('/backups/not-a-uuid/restore', {}).expect(400);
    await as(stack.server, owner)
      .post(`/backups/${randomUUID()}/restore`, { collections: ['Bad Name'] })
      .expect(400);
    const badZone = await putConfig((c) => ({
      ...c,
      schedule: { ...c.schedule, timezone: 'Mars/Olympus' },
    }));
    expect(badZone.status).toBe(400);
    expect(badZone.body.error.message).toBe(backupMessages.invalidTimezone);
    const badTime = await putConfig((c) => ({ ...c, schedule: { ...c.schedule, time: '25:00' } }));
    expect(badTime.status).toBe(400);
    const s3 = await putConfig((c) => ({
      ...c,
      providers: [...c.providers, { type: 's3', enabled: true, priority: 2 }],
    }));
    expect(s3.status).toBe(400);
    expect(s3.body.error.message).toBe(backupMessages.providerNotConfigured('s3'));
    expect(await countEvents(db())).toBe(before);
  });

  it('refuses encryption without a key', async () => {
    const withoutKey = loadConfig({ BACKUP_DIR: backupDir });
    const config = {
      ...DEFAULT_BACKUP_CONFIG,
      encryption: { enabled: true, algorithm: 'AES-256-GCM' as const },
    };
    // `invalid` is the kind the HTTP layer answers with 400.
    await expect(
      stack.server.application.commands.run(
        updateBackupConfig,
        { config, appConfig: withoutKey },
        { actorId: owner.id },
      ),
    ).rejects.toMatchObject({ kind: 'invalid', message: backupMessages.encryptionWithoutKey });
  });

  it('answers 404 for an unknown backup or restore job', async () => {
    await as(stack.server, owner).get(`/backups/${randomUUID()}`).expect(404);
    await as(stack.server, owner).get(`/backups/restores/${randomUUID()}`).expect(404);
    await as(stack.server, owner).delete(`/backups/${randomUUID()}`).expect(404);
  });
});

describe('backup and restore', () => {
  it('restores a full + incremental chain into an emptied database, read models identical', async () => {
    await socialActivity();
    const full = await takeBackup('full');
    expect(full.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(full.metadata.totalDocuments).toBeGreaterThan(0);
    expect(full.metadata.collections.user).toBeGreaterThan(0);
    expect(full.metadata.collections.friendship).toBeGreaterThan(0);
    expect(full.metadata.compressionRatio).toBeGreaterThan(1);
    await socialActivity(3);
    const incremental = await takeBackup('incremental');
    expect(incremental.baseBackupId).toBe(full.id);
    expect(incremental.metadata.totalDocuments).toBeLessThan(await countEvents(db()));

    const expectedModels = await snapshotReadModels(db());
    const expectedEvents = await snapshotEvents();

    await emptyDatabase();
    expect(await countEvents(db())).toBeLessThan(expectedEvents.length);
    const users = await db().selectFrom('users').select('id').execute();
    expect(users).toHaveLength(0);

    const job = await requestRestore(incremental.id, {});
    expect(job.status).toBe('pending');
    const finished = await waitForJob(job.id);
    expect(finished).toMatchObject({ status: 'completed', progress: 100, error: null });

    expect(await snapshotEvents()).toEqual(expectedEvents);
    expect(await snapshotReadModels(db())).toEqual(expectedModels);

    // The identity sequence moved past the restored positions: new appends still work.
    await socialActivity(2);
  });

  it('counts the events a restore wrote: none when the log held them all, else each one', async () => {
    await socialActivity();
    const full = await takeBackup('full');
    // Backup streams stay in the log whatever happens, so only the others can go missing.
    const { collections, totalDocuments } = full.metadata;
    const memberEvents = totalDocuments - (collections[BACKUP_STREAM_CATEGORY] ?? 0);
    expect(memberEvents).toBeGreaterThan(0);

    // Intact log: the restore adds nothing, and says the backup was all there.
    const intact = await waitForJob((await requestRestore(full.id, {})).id);
    expect(intact).toMatchObject({ status: 'completed', restoredEvents: 0 });
    expect(restoreOutcome(intact)).toBe(
      'Nothing to restore: the log already held every event in the backup',
    );

    // Emptied log: every member event comes back and is counted once.
    await emptyDatabase();
    const before = await countEvents(db());
    const refilled = await waitForJob((await requestRestore(full.id, {})).id);
    expect(refilled).toMatchObject({ status: 'completed', restoredEvents: memberEvents });
    expect((await countEvents(db())) - before).toBe(memberEvents);
    expect(restoreOutcome(refilled)).toBe(
      `${memberEvents} events restored that were missing from the log`,
    );
  });

  it('lets go of its locks and queues again when a read model is held by a transaction whose process waits for the log, then completes', async () => {
    await socialActivity();
    const full = await takeBackup('full');
    // A process's transaction has read a read model, and waits for an append on another of its
    // connections before it commits: Postgres sees no cycle between the two connections.
    await withUsersHeld(async (holder, appender) => {
      const job = await requestRestore(full.id, {});
      await eventually(restoreQueuedForUsers);
      // The restore holds the log and queues for the read model: the append waits for it, and
      // gets in only once the restore lets go. Without that this wait would never end.
      await appender.query('begin');
      await appender.query(`set local lock_timeout = '60s'`);
      await appender.query('lock table events in row exclusive mode');
      await appender.query('commit');
      await holder.query('commit');
      expect(await waitForJob(job.id)).toMatchObject({ status: 'completed', error: null });
    });
  }, 180_000);

  it('stops queueing for its locks when its process stops, and says why', async () => {
    await withUsersHeld(async (_holder, restorer) => {
      await restorer.query('begin');
      const stopping = new AbortController();
      const locking = lockForRestore(
        restorer,
        stack.server.application.deps.projections,
        stopping.signal,
      );
      await eventually(restoreQueuedForUsers);
      // Without the stop it would queue again and again for ten minutes.
      stopping.abort();
      await expect(locking).rejects.toThrow('Interrupted: the process running it stopped.');
    });
  }, 60_000);

  it('refuses an event its stream has moved past in the log, as an append would, and changes nothing', async () => {
    await socialActivity();
    const full = await takeBackup('full');
    // The first event of a stream that has a second, gone from the log while the second stays.
    const {
      rows: [lost],
    } = await sql<{ stream_id: string }>`
      select stream_id from events
      where stream_version = 2 and split_part(stream_id, '-', 1) <> ${BACKUP_STREAM_CATEGORY}
      limit 1`.execute(db());
    const first = sql`events where stream_id = ${lost!.stream_id} and stream_version = 1`;
    await sql`create table lost_event as select * from ${first}`.execute(db());
    await sql`delete from ${first}`.execute(db());
    const events = await snapshotEvents();
    const models = await snapshotReadModels(db());

    const job = await waitForJob((await requestRestore(full.id, {})).id);
    expect(job).toMatchObject({
      status: 'failed',
      error: `${backupMessages.restoreFailed}: stream ${lost!.stream_id} already has version 1`,
    });
    expect(await snapshotEvents()).toEqual(events);
    expect(await snapshotReadModels(db())).toEqual(models);

    // The log as it was, for the tests after this one: the log's own check would refuse the row.
    await db()
      .transaction()
      .execute(async (trx) => {
        const trigger = sql.raw(ADVANCE_STREAM_TRIGGER);
        await sql`alter table events disable trigger ${trigger}`.execute(trx);
        await sql`insert into events overriding system value select * from lost_event`.execute(trx);
        await sql`alter table events enable trigger ${trigger}`.execute(trx);
        await sql`drop table lost_event`.execute(trx);
      });
  });

  it('refuses a damaged file and changes nothing', async () => {
    const full = await takeBackup('full');
    const file = path.join(backupDir, `backup-${full.id}.copy.gz`);
    const bytes = readFileSync(file);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = bytes[middle]! ^ 0xff;
    writeFileSync(file, bytes);
    await socialActivity(2);
    const events = await snapshotEvents();
    const models = await snapshotReadModels(db());

    const res = await as(stack.server, owner)
      .post(`/backups/${full.id}/restore`, { overwrite: true })
      .expect(202);
    const job = await waitForJob(res.body.id);
    expect(job.status).toBe('failed');
    expect(job.error).toBe(backupMessages.checksumMismatch(`backup-${full.id}.copy.gz`));
    expect(await snapshotEvents()).toEqual(events);
    expect(await snapshotReadModels(db())).toEqual(models);
  });

  it('builds a differential on the last full and restores its chain', async () => {
    const full = await takeBackup('full');
    await socialActivity(2);
    await takeBackup('incremental');
    await socialActivity(2);
    const differential = await takeBackup('differential');
    expect(differential.baseBackupId).toBe(full.id);
    expect((await resolveChain(db(), differential.id)).map((b) => b.id)).toEqual([
      full.id,
      differential.id,
    ]);
    const events = await snapshotEvents();
    const models = await snapshotReadModels(db());
    await socialActivity(2);

    const job = await requestRestore(differential.id, { overwrite: true });
    expect((await waitForJob(job.id)).status).toBe('completed');
    // Overwrite restores the log as of the differential, backup streams excepted, and alerts:
    // monitoring raises and resolves them on its own clock (a busy machine crosses a threshold),
    // so one may land between the snapshot and the restore.
    const backupRows = (rows: unknown[]) =>
      rows.filter(
        (row) => !/^(backup|alert)-/.test(String((row as { stream_id: string }).stream_id)),
      );
    expect(backupRows(await snapshotEvents())).toEqual(backupRows(events));
    const after = await snapshotReadModels(db());
    expect(after.users).toEqual(models.users);
    expect(after.friend_requests).toEqual(models.friend_requests);
  });

  it('restores only the chosen collections, overwriting or keeping existing events', async () => {
    const [sender, receiver] = await socialActivity(2);
    const full = await takeBackup('full');
    const later = await socialActivity(2);
    await sendRequest(db(), later[0]!, sender!);
    const friendshipsBefore = await db().selectFrom('friend_requests').selectAll().execute();

    // Keep: nothing is missing, so nothing changes.
    const keep = await requestRestore(full.id, { collections: ['friendship'] });
    expect(await waitForJob(keep.id)).toMatchObject({ status: 'completed', restoredEvents: 0 });
    expect(await db().selectFrom('friend_requests').selectAll().execute()).toHaveLength(
      friendshipsBefore.length,
    );

    // Overwrite: friendship streams go back to the backup; members registered later stay.
    const overwrite = await requestRestore(full.id, {
      collections: ['friendship'],
      overwrite: true,
    });
    expect((await waitForJob(overwrite.id)).status).toBe('completed');
    const requests = await db().selectFrom('friend_requests').select('from_user_id').execute();
    expect(requests.some((r) => r.from_user_id === later[0])).toBe(false);
    const users = await db().selectFrom('users').select('id').where('id', 'in', later).execute();
    expect(users).toHaveLength(2);
    expect(receiver).toBeDefined();
  });

  it('encrypts with AES-256-GCM, restores with the key and refuses another key', async () => {
    expect(
      (await putConfig((c) => ({ ...c, encryption: { enabled: true, algorithm: 'AES-256-GCM' } })))
        .status,
    ).toBe(200);
    await socialActivity(2);
    const full = await takeBackup('full');
    expect(full.encrypted).toBe(true);
    const file = path.join(backupDir, `backup-${full.id}.copy.gz.enc`);
    expect(readFileSync(file).subarray(0, 4).toString()).toBe('AGB1');

    const events = await snapshotEvents();
    const models = await snapshotReadModels(db());
    await emptyDatabase();
    const job = await requestRestore(full.id, {});
    expect((await waitForJob(job.id)).status).toBe('completed');
    expect(await snapshotEvents()).toEqual(events);
    expect(await snapshotReadModels(db())).toEqual(models);

    const chain = await resolveChain(db(), full.id);
    const otherKey = loadConfig({
      BACKUP_DIR: backupDir,
      BACKUP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
    await expect(verifyChain(otherKey, chain)).rejects.toEqual(
      new RestoreRefusedError(backupMessages.wrongKey),
    );
    expect(
      (await putConfig((c) => ({ ...c, encryption: { enabled: false, algorithm: 'AES-256-GCM' } })))
        .status,
    ).toBe(200);
  });

  it('refuses a second backup while one is pending or running', async () => {
    const [a, b] = await Promise.all([
      as(stack.server, owner).post('/backups', { type: 'full' }),
      as(stack.server, owner).post('/backups', { type: 'full' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([202, 409]);
    const started = a.status === 202 ? a : b;
    const refused = a.status === 202 ? b : a;
    expect(refused.body.error.message).toBe(backupMessages.alreadyRunning);
    await eventually(
      () => backupById(started.body.id),
      (x) => x.status === 'completed',
    );
  });

  it('refuses to restore a backup that is not completed and deletes files with their backups', async () => {
    const full = await takeBackup('full');
    const file = path.join(backupDir, `backup-${full.id}.copy.gz`);
    expect(existsSync(file)).toBe(true);
    await as(stack.server, owner).delete(`/backups/${full.id}`).expect(204);
    expect(existsSync(file)).toBe(false);
    await as(stack.server, owner).get(`/backups/${full.id}`).expect(404);
    await as(stack.server, owner).post(`/backups/${full.id}/restore`, {}).expect(404);

    const failedId = randomUUID();
    await appendToStream(db(), `backup-${failedId}`, [
      {
        type: 'BackupStarted',
        data: { backupId: failedId, type: 'full', baseBackupId: null, scheduled: false },
      },
      { type: 'BackupFailed', data: { backupId: failedId, error: 'disk full' } },
    ]);
    const res = await as(stack.server, owner).post(`/backups/${failedId}/restore`, {});
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(backupMessages.restoreOnlyCompleted);
  });

  it('prunes old backups after each backup by the retention counts', async () => {
    await takeBackup('full');
    await takeBackup('full');
    // Backups of the last 24 hours are never pruned: age every backup so far by three days.
    await sql`update backups set started_at = started_at - interval '3 days'
      where status = 'completed'`.execute(db());
    const res = await putConfig((c) => ({
      ...c,
      retention: { daily: 1, weekly: 0, monthly: 0, yearly: 0 },
    }));
    expect(res.status).toBe(200);
    const newest = await takeBackup('full');
    const remaining = await eventually(
      () =>
        db()
          .selectFrom('backups')
          .select(['id', 'file_name'])
          .where('status', '=', 'completed')
          .execute(),
      (rows) => rows.length === 1,
    );
    expect(remaining[0]!.id).toBe(newest.id);
    const files = await db().selectFrom('backups').select('id').execute();
    expect(files.map((f) => f.id)).toContain(newest.id);
    expect(existsSync(path.join(backupDir, `backup-${newest.id}.copy.gz`))).toBe(true);
    await putConfig((c) => ({ ...c, retention: KEEP_ALL }));
  });

  it('reports stats', async () => {
    const res = await as(stack.server, owner).get('/backups/stats').expect(200);
    expect(res.body).toMatchObject({ storageLimit: 1024 * 1024 * 1024 });
    expect(res.body.totalBackups).toBeGreaterThan(0);
    expect(res.body.successRate).toBeGreaterThan(0);
    expect(res.body.totalSize).toBeGreaterThan(0);
    const list = await as(stack.server, owner).get('/backups').expect(200);
    expect(list.body.backups.length).toBeGreaterThan(0);
  });

  it('pushes backup progress and restore jobs to an owner socket, and tells members to resync', async () => {
    const socket = openSocket(stack.server.url, owner.cookie);
    const memberSocket = openSocket(stack.server.url, member.cookie);
    try {
      await waitForConnect(socket);
      await waitForConnect(memberSocket);
      const completed = waitForEvent<Backup>(socket, 'backup', (b) => b.status === 'completed');
      const running = waitForEvent<Backup>(socket, 'backup', (b) => b.status === 'running');
      const res = await as(stack.server, owner).post('/backups', { type: 'full' }).expect(202);
      const seen = await running;
      expect(seen.id).toBe(res.body.id);
      const done = await completed;
      expect(done.id).toBe(res.body.id);
      expect(done.version).toBeGreaterThan(seen.version);

      const restoreDone = waitForEvent<RestoreJob>(
        socket,
        'restore',
        (j) => j.status === 'completed',
      );
      // Overwriting re-inserts the log, which the relay steps over instead of pushing.
      const resync = waitForEvent(memberSocket, SOCKET_EVENTS.resync);
      const job = await as(stack.server, owner)
        .post(`/backups/${done.id}/restore`, { overwrite: true })
        .expect(202);
      const pushed = await restoreDone;
      expect(pushed).toMatchObject({ id: job.body.id, progress: 100 });
      await resync;
    } finally {
      socket.disconnect();
      memberSocket.disconnect();
    }
  });
});
