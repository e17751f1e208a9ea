import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../server/db/schema';
import request from 'supertest';
import {
  alertPushSchema,
  alertSchema,
  INGEST_BATCH_MAX,
  INGEST_RATE_PER_MINUTE,
  MONITORING_MESSAGES,
  monitoringPushSchema,
  monitoringSummarySchema,
  type Alert,
  type MonitoringPush,
} from '../../shared/ops/monitoring';
import { OPS_EVENTS } from '../../shared/ops/realtime';
import { pruneTelemetry } from '../../server/domains/monitoring/monitoring-worker';
import { RuleEvaluator } from '../../server/domains/monitoring/rule-evaluator';
import {
  as,
  signUp,
  signUpOwnerAndMember,
  snapshotTable,
  type TestMember,
} from '../support/factories';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';
import { rebuild } from '../support/model';

// The background evaluator stays out of the way: tests run the rules at times they choose.
const stack = useServerWithDatabase({ env: { ALERT_EVALUATION_MS: '3600000' } });
const db = () => stack.database.db;

let owner: TestMember;
let member: TestMember;

beforeAll(async () => {
  // The first member of a fresh database is the owner.
  ({ owner, member } = await signUpOwnerAndMember(stack.server));
  expect(owner.role).toBe('owner');
  expect(member.role).toBe('member');
});

/** What requests can write; the server's own sampling (every few seconds) is left out. */
async function counts() {
  const row = await sql<{ events: number; metrics: number; alerts: number; log: number }>`
    select (select count(*)::int from monitoring_events) as events,
           (select count(*)::int from performance_metrics where tags->>'source' = 'client') as metrics,
           (select count(*)::int from alerts) as alerts,
           (select count(*)::int from events where type like 'Alert%') as log`.execute(db());
  return row.rows[0]!;
}

/** Error events at a chosen time, as if captured then (rules are evaluated at that time). */
async function errorsAt(at: Date, n: number) {
  await db()
    .insertInto('monitoring_events')
    .values(
      Array.from({ length: n }, (_, i) => ({
        type: 'error' as const,
        severity: 'high' as const,
        message: `rule test error ${i}`,
        occurred_at: new Date(at.getTime() - 1000 - i),
        source: 'server' as const,
      })),
    )
    .execute();
}

const evaluator = () =>
  new RuleEvaluator({
    db: db(),
    commands: stack.server.application.commands,
    config: { ALERT_ERROR_RATE_PER_MINUTE: 3 },
  });

describe('owner-only monitoring API', () => {
  it('refuses a member every owner-only endpoint with 403 and writes nothing', async () => {
    const created = await as(stack.server, owner)
      .post('/monitoring/alerts', {
        title: 'Owner alert',
        message: 'Made by the owner',
        severity: 'low',
      })
      .expect(201);
    const before = await counts();
    const memberApi = as(stack.server, member);
    const answers = await Promise.all([
      memberApi.get('/monitoring/events'),
      memberApi.get('/monitoring/metrics'),
      memberApi.get('/monitoring/summary'),
      memberApi.get('/monitoring/alerts'),
      memberApi.get('/monitoring/database'),
      memberApi.post('/monitoring/alerts', { title: 'x', message: 'y', severity: 'low' }),
      memberApi.post(`/monitoring/alerts/${created.body.id}/acknowledge`),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe('This needs an owner account.');
    }
    expect(await counts()).toEqual(before);
    const alert = alertSchema.parse(
      (await as(stack.server, owner).get('/monitoring/alerts').expect(200)).body.alerts.find(
        (a: Alert) => a.id === created.body.id,
      ),
    );
    expect(alert.acknowledged).toBe(false);
  });

  it('says on the Database panel that no replica is configured, when none is', async () => {
    const res = await as(stack.server, owner).get('/monitoring/database').expect(200);
    expect(res.body).toEqual({ replicasConfigured: false, targets: [] });
    // And /readyz stays as it was without replicas.
    const ready = await request(stack.server.url).get('/readyz').expect(200);
    expect(ready.body).toEqual({ status: 'ready', database: 'up', relay: 'up' });
  });

  it('answers a visitor 401', async () => {
    await request(stack.server.url).get('/api/monitoring/alerts').expect(401);
    await request(stack.server.url)
      .post('/api/monitoring/events')
      .send({ events: [{ type: 'error', severity: 'high', message: 'x' }] })
      .expect(401);
  });
});

describe('validation', () => {
  it('answers bad input 400 and writes nothing', async () => {
    const before = await counts();
    const ownerApi = as(stack.server, owner);
    const metric = await ownerApi
      .post('/monitoring/metrics', { metrics: [{ name: 'x', value: 'abc', unit: 'ms' }] })
      .expect(400);
    expect(metric.body.error.message).toBe(MONITORING_MESSAGES.invalidMetricValue);
    await ownerApi
      .post('/monitoring/events', { events: [{ type: 'oops', severity: 'high', message: 'x' }] })
      .expect(400);
    await ownerApi.post('/monitoring/events', { events: [] }).expect(400);
    await ownerApi
      .post('/monitoring/metrics', { metrics: [{ name: 'x', value: 1, unit: 'hours' }] })
      .expect(400);
    await ownerApi.get('/monitoring/events?limit=0').expect(400);
    await ownerApi.get('/monitoring/events?range=2h').expect(400);
    await ownerApi.get('/monitoring/events?severity=urgent').expect(400);
    await ownerApi
      .post('/monitoring/alerts', { title: '', message: 'y', severity: 'low' })
      .expect(400);
    await ownerApi.post('/monitoring/alerts/not-a-uuid/acknowledge').expect(400);
    await ownerApi
      .post('/monitoring/alerts/00000000-0000-4000-8000-000000000000/acknowledge')
      .expect(404);
    expect(await counts()).toEqual(before);
  });
});

describe('capture', () => {
  it('records a failed request (500) as a server error event', async () => {
    await request(stack.server.url).post('/api/test/monitoring/fail').expect(500);
    await request(stack.server.url).post('/api/test/monitoring/flush').expect(200);
    const res = await as(stack.server, owner).get('/monitoring/events?type=error').expect(200);
    const captured = res.body.events.find(
      (e: { message: string }) => e.message === 'Test failure for monitoring',
    );
    expect(captured).toMatchObject({
      type: 'error',
      source: 'server',
      context: { url: 'POST /api/test/monitoring/fail' },
      metadata: { component: 'http' },
    });
    expect(captured.stackTrace).toContain('Error: Test failure for monitoring');
  });

  it('records request durations per route, aggregated', async () => {
    await as(stack.server, owner).get('/monitoring/alerts').expect(200);
    await as(stack.server, owner).get('/monitoring/alerts').expect(200);
    await request(stack.server.url).post('/api/test/monitoring/flush').expect(200);
    const res = await as(stack.server, owner)
      .get('/monitoring/metrics?name=http.request.duration&range=1h')
      .expect(200);
    const row = res.body.metrics.find(
      (m: { tags: Record<string, string> }) => m.tags.route === 'GET /api/monitoring/alerts',
    );
    expect(row).toBeDefined();
    expect(Number(row.tags.count)).toBeGreaterThanOrEqual(2);
    expect(res.body.series[0].points.length).toBeGreaterThan(0);
  });

  it('ingests a client batch with the user from the session, then rate-limits the session', async () => {
    const reporter = await signUp(stack.server);
    const reporterApi = as(stack.server, reporter);
    const event = (i: number) => ({
      type: 'error' as const,
      severity: 'medium' as const,
      message: `client batch ${reporter.id} ${i}`,
      context: { url: '/monitoring-demo' },
      metadata: { component: 'TestingTools' },
    });
    const batch = Array.from({ length: INGEST_BATCH_MAX }, (_, i) => event(i));
    const accepted = INGEST_RATE_PER_MINUTE.events / INGEST_BATCH_MAX;
    for (let i = 0; i < accepted; i += 1) {
      await reporterApi
        .post('/monitoring/events', { events: batch })
        .expect(202, { accepted: INGEST_BATCH_MAX });
    }
    const before = await counts();
    const refused = await reporterApi
      .post('/monitoring/events', { events: [event(999)] })
      .expect(429);
    expect(refused.body.error.message).toBe(MONITORING_MESSAGES.rateLimited);
    expect(await counts()).toEqual(before);

    const listed = await as(stack.server, owner)
      .get('/monitoring/events?type=error&severity=medium&limit=500')
      .expect(200);
    const mine = listed.body.events.filter((e: { message: string }) =>
      e.message.startsWith(`client batch ${reporter.id}`),
    );
    expect(mine).toHaveLength(INGEST_RATE_PER_MINUTE.events);
    expect(mine[0]).toMatchObject({ userId: reporter.id, source: 'client' });
  });

  it('summarises the range, with event counts per bucket that add up to the total', async () => {
    const res = await as(stack.server, owner).get('/monitoring/summary?range=24h').expect(200);
    const summary = monitoringSummarySchema.parse(res.body);
    expect(summary.totalEvents).toBeGreaterThan(0);
    const bucketed = summary.eventCounts.reduce((n, p) => n + p.errors + p.warnings + p.other, 0);
    expect(bucketed).toBe(summary.totalEvents);
    expect(summary.eventCounts.every((p) => Date.parse(p.start) % summary.bucketMs === 0)).toBe(
      true,
    );
    expect(summary.avgResponseTimeMs).not.toBeNull();
  });

  it('pushes new telemetry to an owner socket and not to a member socket', async () => {
    const [ownerSocket, memberSocket] = await Promise.all([
      connectAs(stack.server, owner),
      connectAs(stack.server, member),
    ]);
    const memberGot: unknown[] = [];
    memberSocket.on(OPS_EVENTS.monitoring, (p: unknown) => memberGot.push(p));
    const message = `pushed ${Date.now()}`;
    const pushed = waitForEvent<MonitoringPush>(ownerSocket, OPS_EVENTS.monitoring, (p) =>
      p.events.some((e) => e.message === message),
    );
    await as(stack.server, member)
      .post('/monitoring/events', { events: [{ type: 'warning', severity: 'low', message }] })
      .expect(202);
    const push = monitoringPushSchema.parse(await pushed);
    expect(push.version).toBeGreaterThan(0);
    // Pushes go to the ops room only: the owner's socket is in it, the member's is not.
    const room = stack.server.io.sockets.adapter.rooms.get('ops') ?? new Set<string>();
    expect(room.has(ownerSocket.id!)).toBe(true);
    expect(room.has(memberSocket.id!)).toBe(false);
    expect(memberGot).toEqual([]);
    ownerSocket.close();
    memberSocket.close();
  });
});

describe('alerts', () => {
  it('raises an alert when the error rate is over the threshold and resolves it when it clears', async () => {
    const [ownerSocket, memberSocket] = await Promise.all([
      connectAs(stack.server, owner),
      connectAs(stack.server, member),
    ]);
    const memberGot: unknown[] = [];
    memberSocket.on(OPS_EVENTS.alert, (p: unknown) => memberGot.push(p));

    const at = new Date(Date.UTC(2030, 0, 1, 12));
    await errorsAt(at, 4);
    const raisedPush = waitForEvent<{ alert: Alert }>(
      ownerSocket,
      OPS_EVENTS.alert,
      (p) => p.alert.rule === 'error-rate' && !p.alert.resolved,
    );
    const first = await evaluator().evaluateRules(at);
    expect(first.raised).toHaveLength(1);
    const raised = first.raised[0]!;
    expect(raised).toMatchObject({ title: 'High error rate', severity: 'high', version: 1 });
    expect(raised.timestamp).toBe(at.toISOString());
    expect(alertPushSchema.parse(await raisedPush).alert).toEqual(raised);

    // Still over the threshold: nothing new.
    expect((await evaluator().evaluateRules(at)).raised).toEqual([]);

    const later = new Date(at.getTime() + 2 * 60_000);
    const resolvedPush = waitForEvent<{ alert: Alert }>(
      ownerSocket,
      OPS_EVENTS.alert,
      (p) => p.alert.id === raised.id && p.alert.resolved,
    );
    const second = await evaluator().evaluateRules(later);
    expect(second.resolved).toEqual([
      expect.objectContaining({
        id: raised.id,
        resolved: true,
        resolvedAt: later.toISOString(),
        version: 2,
      }),
    ]);
    expect((await resolvedPush).alert.version).toBe(2);
    expect(memberGot).toEqual([]);
    ownerSocket.close();
    memberSocket.close();
  });

  it('raises one alert, not two, when two evaluators run at once', async () => {
    const at = new Date(Date.UTC(2030, 0, 2, 12));
    await errorsAt(at, 5);
    const evaluations = await Promise.all([
      evaluator().evaluateRules(at),
      evaluator().evaluateRules(at),
      evaluator().evaluateRules(at),
    ]);
    expect(evaluations.flatMap((e) => e.raised)).toHaveLength(1);
    const open = await db()
      .selectFrom('alerts')
      .select('id')
      .where('rule', '=', 'error-rate')
      .where('resolved', '=', false)
      .execute();
    expect(open).toHaveLength(1);
    await evaluator().evaluateRules(new Date(at.getTime() + 5 * 60_000));
  });

  it('runs the rules through the test route', async () => {
    const res = await request(stack.server.url)
      .post('/api/test/monitoring/evaluate')
      .send({ at: new Date(Date.UTC(2030, 0, 3)).toISOString() })
      .expect(200);
    expect(res.body).toMatchObject({ databaseUp: true });
  });

  it('records the operator who acknowledged, once, and pushes it', async () => {
    const ownerApi = as(stack.server, owner);
    const created = alertSchema.parse(
      (
        await ownerApi
          .post('/monitoring/alerts', {
            title: 'Disk almost full',
            message: '92% used',
            severity: 'medium',
          })
          .expect(201)
      ).body,
    );
    expect(created).toMatchObject({
      rule: null,
      acknowledged: false,
      acknowledgedBy: null,
      version: 1,
    });

    const second = await signUp(stack.server);
    await request(stack.server.url)
      .post(`/api/test/users/${second.id}/role`)
      .send({ role: 'owner' })
      .expect(204);
    const socket = await connectAs(stack.server, second);
    const pushed = waitForEvent<{ alert: Alert }>(
      socket,
      OPS_EVENTS.alert,
      (p) => p.alert.id === created.id && p.alert.acknowledged,
    );

    const res = await ownerApi.post(`/monitoring/alerts/${created.id}/acknowledge`).expect(200);
    expect(res.body).toMatchObject({
      acknowledged: true,
      acknowledgedBy: { id: owner.id, name: owner.username },
      version: 2,
    });
    expect((await pushed).alert.acknowledgedBy).toEqual({ id: owner.id, name: owner.username });

    // A second acknowledgement (another operator, a double click) changes nothing.
    const again = await as(stack.server, second)
      .post(`/monitoring/alerts/${created.id}/acknowledge`)
      .expect(200);
    expect(again.body.acknowledgedBy).toEqual({ id: owner.id, name: owner.username });
    expect(again.body.version).toBe(2);
    socket.close();
  });

  it('keeps a database outage in memory, shows it locally, and appends it once when the database answers', async () => {
    // Nothing listens on port 1: every query is refused, as with a database that is down.
    const down: Db = new Kysely({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: 'postgres://agora@127.0.0.1:1/agora' }),
      }),
    });
    const shown: Alert[] = [];
    const config = { ALERT_ERROR_RATE_PER_MINUTE: 1000 };
    const commands = stack.server.application.commands;
    const a = { db: down, commands, config, emitLocal: (alert: Alert) => shown.push(alert) };
    const b = { db: down, commands, config };
    const first = new RuleEvaluator(a);
    const second = new RuleEvaluator(b);
    const outageAt = new Date(Date.UTC(2030, 0, 4, 12));
    expect((await first.evaluateRules(outageAt)).databaseUp).toBe(false);
    expect((await second.evaluateRules(outageAt)).databaseUp).toBe(false);
    expect(await first.evaluateRules(new Date(outageAt.getTime() + 15_000))).toMatchObject({
      databaseUp: false,
    });
    // Shown once, at once, to this process's operators; nothing could be written.
    expect(shown).toEqual([
      expect.objectContaining({ title: 'Database unreachable', severity: 'critical', version: 0 }),
    ]);
    await down.destroy();

    a.db = db();
    b.db = db();
    const back = new Date(outageAt.getTime() + 60_000);
    const recorded = (await first.evaluateRules(back)).resolved;
    expect(recorded).toEqual([
      expect.objectContaining({
        id: shown[0]!.id,
        rule: 'database-unreachable',
        timestamp: outageAt.toISOString(),
        resolved: true,
        resolvedAt: back.toISOString(),
        version: 2,
      }),
    ]);
    // The other process saw the same outage: it is not recorded twice.
    expect((await second.evaluateRules(back)).resolved).toEqual([]);
    const outages = await db()
      .selectFrom('alerts')
      .select('id')
      .where('rule', '=', 'database-unreachable')
      .execute();
    expect(outages).toHaveLength(1);
  });

  it('rebuilds the alerts read model exactly from the log', async () => {
    const snapshot = () => snapshotTable(db(), 'alerts');
    const before = await snapshot();
    expect(before.length).toBeGreaterThanOrEqual(4);
    await rebuild(db());
    expect(await snapshot()).toEqual(before);
  });
});

describe('retention', () => {
  it('prunes telemetry older than the retention period and keeps the rest', async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);
    const marker = `retention ${Date.now()}`;
    await db()
      .insertInto('monitoring_events')
      .values(
        [31, 29].map((days) => ({
          type: 'info' as const,
          severity: 'info' as const,
          message: `${marker} ${days}`,
          occurred_at: daysAgo(days),
          source: 'server' as const,
        })),
      )
      .execute();
    await db()
      .insertInto('performance_metrics')
      .values(
        [31, 29].map((days) => ({
          name: marker,
          value: days,
          unit: 'count' as const,
          tags: JSON.stringify({}),
          recorded_at: daysAgo(days),
        })),
      )
      .execute();
    await pruneTelemetry(db(), 30, now);
    const events = await db()
      .selectFrom('monitoring_events')
      .select('message')
      .where('message', 'like', `${marker}%`)
      .execute();
    const metrics = await db()
      .selectFrom('performance_metrics')
      .select('value')
      .where('name', '=', marker)
      .execute();
    expect(events).toEqual([{ message: `${marker} 29` }]);
    expect(metrics).toEqual([{ value: 29 }]);
  });
});
