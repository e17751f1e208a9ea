import { sql } from 'kysely';
import request from 'supertest';
import {
  logEntrySchema,
  logsPageSchema,
  logsPushSchema,
  type LogEntry,
  type LogsPush,
} from '../../shared/ops/logs';
import { OPS_EVENTS, OWNER_ONLY_MESSAGE } from '../../shared/ops/realtime';
import { LogCapture } from '../../server/domains/logs/log-capture';
import { pruneLogEntries } from '../../server/domains/logs/log-store';
import { createLogger } from '../../server/logger';
import { as, signUp, signUpOwnerAndMember, type TestMember } from '../support/factories';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';

// Batches are cut by size (and by the tests' flushes), never by the clock: how many a test sees
// must not depend on how fast a busy machine answers its requests.
const capture = new LogCapture({ intervalMs: 3_600_000, batchSize: 20 });
const stack = useServerWithDatabase({
  logger: createLogger('silent', { level: 'info', stream: capture }),
  logCapture: capture,
});
const db = () => stack.database.db;

let owner: TestMember;
let member: TestMember;

beforeAll(async () => {
  // The first account of a fresh database is the owner.
  ({ owner, member } = await signUpOwnerAndMember(stack.server));
  expect(owner.role).toBe('owner');
  expect(member.role).toBe('member');
});

async function logsOf(who: TestMember, query: Record<string, string> = {}) {
  const res = await as(stack.server, who).get('/logs').query(query).expect(200);
  return logsPageSchema.parse(res.body);
}

async function countClientEntries(): Promise<number> {
  const row = await db()
    .selectFrom('log_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('source', '=', 'client')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function postLogs(who: TestMember, entries: object[]) {
  return as(stack.server, who).post('/logs', { entries });
}

const tag = () => `t${Math.random().toString(36).slice(2, 10)}`;

describe('server log capture', () => {
  it('stores the server’s lines in batches, with the request id and the signed-in member', async () => {
    const before = capture.stats.batches;
    const requestIds: string[] = [];
    for (let i = 0; i < 25; i += 1) {
      const res = await as(stack.server, member).get('/config').expect(200);
      requestIds.push(String(res.headers['x-request-id']));
    }
    await capture.flush();

    const rows = await db()
      .selectFrom('log_entries')
      .selectAll()
      .where('request_id', 'in', requestIds)
      .where('message', 'like', 'request completed: GET /api/config 200 in % ms')
      .execute();
    expect(rows).toHaveLength(25);
    for (const row of rows) {
      expect(row).toMatchObject({ source: 'server', level: 'INFO', user_id: member.id });
      expect(row.session_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.data).toMatchObject({ res: { statusCode: 200 } });
    }
    // Far fewer inserts than lines: 25 requests' lines went in at most a few statements.
    expect(capture.stats.batches - before).toBeLessThan(10);
    expect(capture.stats.dropped).toBe(0);
  });

  it('drops what overflows its buffer, counts it and stores a warning saying so', async () => {
    const small = new LogCapture({
      intervalMs: 60_000,
      batchSize: 1000,
      capacity: 3,
      report: (line) => reported.push(line),
    });
    const reported: string[] = [];
    const line = (msg: string) => JSON.stringify({ level: 30, time: Date.now(), msg });
    const marker = tag();
    for (let i = 0; i < 5; i += 1) small.write(line(`${marker} line ${i}`));
    small.write('not json');
    expect(small.stats.dropped).toBe(2);

    small.attach(db());
    await small.detach();
    const { entries } = await logsOf(owner, { q: marker });
    expect(entries.map((e) => e.message)).toEqual([
      `${marker} line 2`,
      `${marker} line 1`,
      `${marker} line 0`,
    ]);
    const warning = await db()
      .selectFrom('log_entries')
      .selectAll()
      .where('message', '=', 'Log capture dropped 2 lines: its buffer was full')
      .executeTakeFirst();
    expect(warning).toMatchObject({ level: 'WARN', source: 'server' });
    expect(reported).toHaveLength(1);
  });
});

describe('client logs', () => {
  it('stores a batch with the member and session set by the server, and pushes it to operators only', async () => {
    const [ownerSocket, memberSocket] = await Promise.all([
      connectAs(stack.server, owner),
      connectAs(stack.server, member),
    ]);
    const memberHeard: unknown[] = [];
    memberSocket.on(OPS_EVENTS.logs, (payload: unknown) => memberHeard.push(payload));
    const marker = tag();
    const pushed = waitForEvent<LogsPush>(ownerSocket, OPS_EVENTS.logs, (push) =>
      push.entries.some((e) => e.message.startsWith(marker)),
    );

    await postLogs(member, [
      { level: 'INFO', message: `${marker} opened the page`, data: { page: '/friends' } },
      { level: 'ERROR', message: `${marker} failed`, timestamp: new Date().toISOString() },
    ]).expect(201, { accepted: 2 });

    const { entries } = await logsOf(owner, { source: 'client', q: marker });
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      level: 'ERROR',
      message: `${marker} failed`,
      source: 'client',
      userId: member.id,
      data: null,
    });
    expect(entries[1]).toMatchObject({
      level: 'INFO',
      data: { page: '/friends' },
      userId: member.id,
    });
    expect(entries[0]!.sessionId).toBe(entries[1]!.sessionId);
    expect(entries[0]!.sessionId).not.toBeNull();

    const push = logsPushSchema.parse(await pushed);
    expect(push.complete).toBe(true);
    expect(push.entries.filter((e) => e.message.startsWith(marker))).toEqual(entries);
    // The same NOTIFY reached the member's process at once; it has no `ops` room to hear it in.
    await logsOf(owner);
    expect(memberHeard).toEqual([]);
    ownerSocket.close();
    memberSocket.close();
  });

  it('refuses bad batches with 400 and stores nothing', async () => {
    const before = await countClientEntries();
    const entry = { level: 'INFO', message: 'ok' };
    const bad: object[][] = [
      [],
      [{ ...entry, level: 'info' }],
      [{ ...entry, message: '  ' }],
      [{ ...entry, message: 'x'.repeat(2001) }],
      [{ ...entry, data: { blob: 'x'.repeat(9000) } }],
      [{ ...entry, source: 'server' }],
      Array.from({ length: 51 }, () => entry),
    ];
    for (const entries of bad) {
      const res = await postLogs(member, entries).expect(400);
      expect(res.body.error.code).toBe('validation');
    }
    await as(stack.server, member).post('/logs', { entry }).expect(400);
    await request(stack.server.url)
      .post('/api/logs')
      .send({ entries: [entry] })
      .expect(401);
    expect(await countClientEntries()).toBe(before);
  });

  it('limits how much one session may send', async () => {
    const chatty = await signUp(stack.server);
    const batch = Array.from({ length: 50 }, (_, i) => ({ level: 'DEBUG', message: `spam ${i}` }));
    for (let i = 0; i < 4; i += 1) await postLogs(chatty, batch).expect(201);
    const refused = await postLogs(chatty, batch).expect(429);
    expect(refused.body.error).toEqual({
      code: 'rate-limited',
      message: 'Too many log entries. Please slow down.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another session is not held back by this one.
    await postLogs(member, [{ level: 'DEBUG', message: 'still allowed' }]).expect(201);
  });
});

describe('reading and filtering', () => {
  const marker = tag();
  let posted: LogEntry[];

  beforeAll(async () => {
    await postLogs(member, [
      { level: 'DEBUG', message: `${marker} one` },
      { level: 'INFO', message: `${marker} two, with "quotes"` },
      { level: 'WARN', message: `${marker} three\nsecond line` },
      { level: 'ERROR', message: `${marker} 100% four_` },
      { level: 'FATAL', message: `=${marker} five`, data: { nested: { list: [1, 2] } } },
    ]).expect(201);
    posted = (await logsOf(owner, { source: 'client', q: marker })).entries;
    expect(posted).toHaveLength(5);
  });

  it('lists newest first and pages with before', async () => {
    expect(posted.map((e) => e.level)).toEqual(['FATAL', 'ERROR', 'WARN', 'INFO', 'DEBUG']);
    const first = await logsOf(owner, { source: 'client', q: marker, limit: '2' });
    expect(first.entries).toEqual(posted.slice(0, 2));
    expect(first.nextBefore).toBe(posted[1]!.id);
    const second = await logsOf(owner, {
      source: 'client',
      q: marker,
      limit: '2',
      before: first.nextBefore!,
    });
    expect(second.entries).toEqual(posted.slice(2, 4));
    const last = await logsOf(owner, {
      source: 'client',
      q: marker,
      limit: '2',
      before: second.nextBefore!,
    });
    expect(last.entries).toEqual(posted.slice(4));
    expect(last.nextBefore).toBeNull();
  });

  it('filters by level, source and text (case-insensitive, wildcards literal)', async () => {
    expect((await logsOf(owner, { source: 'client', q: marker, level: 'WARN' })).entries).toEqual([
      posted[2],
    ]);
    // Server lines match only where they name a request that searched for the marker.
    const serverLines = (await logsOf(owner, { q: marker, source: 'server' })).entries;
    expect(serverLines.every((e) => e.message.startsWith('request completed: GET /api/logs'))).toBe(
      true,
    );
    expect((await logsOf(owner, { q: marker, source: 'client' })).entries).toHaveLength(5);
    expect((await logsOf(owner, { source: 'client', q: `${marker} 100%` })).entries).toEqual([
      posted[1],
    ]);
    expect((await logsOf(owner, { source: 'client', q: 'four_' })).entries).toEqual([posted[1]]);
    expect(
      (await logsOf(owner, { source: 'client', q: marker.toUpperCase() })).entries,
    ).toHaveLength(5);
    const blank = await logsOf(owner, { q: '', level: '', source: '', limit: '1' });
    expect(blank.entries).toHaveLength(1);
    for (const entry of posted) logEntrySchema.parse(entry);
  });

  it('answers bad queries with 400', async () => {
    const api = as(stack.server, owner);
    await api.get('/logs').query({ level: 'info' }).expect(400);
    await api.get('/logs').query({ limit: '0' }).expect(400);
    await api.get('/logs').query({ limit: '501' }).expect(400);
    await api.get('/logs').query({ before: 'abc' }).expect(400);
    await api.get('/logs').query({ source: 'browser' }).expect(400);
    await api.get('/logs/export').query({ format: 'xml' }).expect(400);
    await api.get('/logs/export').expect(400);
  });

  it('exports JSON, CSV and TXT as downloads named with the date', async () => {
    const api = as(stack.server, owner);
    const today = new Date().toISOString().slice(0, 10);

    const json = await api
      .get('/logs/export')
      .query({ format: 'json', source: 'client', q: marker })
      .expect(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.headers['content-disposition']).toBe(
      `attachment; filename="agora-logs-${today}.json"`,
    );
    expect(JSON.parse(json.text)).toEqual(posted);

    const csv = await api
      .get('/logs/export')
      .query({ format: 'csv', source: 'client', q: marker })
      .expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="agora-logs-${today}.csv"`,
    );
    expect(
      csv.text.startsWith('id,timestamp,level,source,message,data,userId,sessionId,requestId\r\n'),
    ).toBe(true);
    expect(csv.text).toContain(`,"${marker} two, with ""quotes""",`);
    expect(csv.text).toContain(`,"${marker} three\nsecond line",`);
    expect(csv.text).toContain(`,'=${marker} five,"{""nested"":{""list"":[1,2]}}",`);
    expect(csv.text.split('\r\n').filter(Boolean)).toHaveLength(6);

    const txt = await api
      .get('/logs/export')
      .query({ format: 'txt', source: 'client', q: marker })
      .expect(200);
    expect(txt.headers['content-type']).toMatch(/^text\/plain/);
    expect(txt.headers['content-disposition']).toBe(
      `attachment; filename="agora-logs-${today}.txt"`,
    );
    const lines = txt.text.trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[2]).toBe(
      `${posted[2]!.timestamp} WARN  [client] ${marker} three\\nsecond line user=${member.id} session=${posted[2]!.sessionId}`,
    );

    const empty = await api.get('/logs/export').query({ format: 'json', q: tag() }).expect(200);
    expect(JSON.parse(empty.text)).toEqual([]);
  });
});

describe('operator access', () => {
  it('refuses members the owner-only endpoints with 403', async () => {
    const api = as(stack.server, member);
    for (const path of ['/logs', '/logs?level=bogus', '/logs/export?format=json', '/logs/export']) {
      const res = await api.get(path).expect(403);
      expect(res.body.error.message).toBe(OWNER_ONLY_MESSAGE);
    }
    await request(stack.server.url).get('/api/logs').expect(401);
  });
});

describe('retention', () => {
  it('prunes entries received before the retention period and keeps the rest', async () => {
    const marker = tag();
    await db()
      .insertInto('log_entries')
      .values([
        {
          level: 'INFO',
          message: `${marker} old`,
          data: null,
          timestamp: new Date(),
          source: 'server',
          user_id: null,
          session_id: null,
          request_id: null,
        },
        {
          level: 'INFO',
          message: `${marker} new`,
          data: null,
          timestamp: new Date(),
          source: 'server',
          user_id: null,
          session_id: null,
          request_id: null,
        },
      ])
      .execute();
    await sql`update log_entries set received_at = now() - interval '15 days' where message = ${`${marker} old`}`.execute(
      db(),
    );

    expect(await pruneLogEntries(db(), 14)).toBe(1);
    expect((await logsOf(owner, { q: marker })).entries.map((e) => e.message)).toEqual([
      `${marker} new`,
    ]);
  });
});
