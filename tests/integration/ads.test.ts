import { sql } from 'kysely';
import request from 'supertest';
import {
  ADS_SOCKET_EVENTS,
  adsConfigSchema,
  adsMessages,
  adsMetricsReportSchema,
  type AdDefinition,
  type AdEvent,
  type AdsConfig,
  type AdsMetricsReport,
} from '../../shared/ads';
import type { RunningServer } from '../../server/server';
import { eventually } from '../support/eventually';
import {
  as,
  countEvents,
  signUp,
  signUpOwnerAndMember,
  snapshotReadModels,
  type TestMember,
} from '../support/factories';
import { rebuild } from '../support/model';
import {
  connectAs,
  startTestServer,
  useServerWithDatabase,
  waitForEvent,
} from '../support/test-server';

const FLUSH_MS = 100;
const stack = useServerWithDatabase({ env: { ADS_METRICS_FLUSH_MS: String(FLUSH_MS) } });
const db = () => stack.database.db;
const AD_TABLES = ['ad_definitions', 'ad_placements', 'ad_metrics', 'ad_metrics_daily'];
const CLIENT_ID = 'ca-pub-1234567890123456';

let owner: TestMember;
let member: TestMember;

beforeAll(async () => {
  ({ owner, member } = await signUpOwnerAndMember(stack.server));
});

const api = (who: TestMember, server: RunningServer = stack.server) => as(server, who);

async function config(who: TestMember = member): Promise<AdsConfig> {
  return adsConfigSchema.parse((await api(who).get('/ads').expect(200)).body);
}

async function metrics(): Promise<AdsMetricsReport> {
  return adsMetricsReportSchema.parse((await api(owner).get('/ads/metrics').expect(200)).body);
}

const adMetrics = (report: AdsMetricsReport, adId: string) =>
  report.ads.find((ad) => ad.adId === adId)!;

const events = (adId: string, kind: AdEvent['kind'], n: number): AdEvent[] =>
  Array.from({ length: n }, () => ({ adId, placementId: 'inline-feed', kind }));

/** The report once the server has written `impressions` more than `before` holds in all. */
function metricsAfter(before: AdsMetricsReport, impressions: number, clicks = 0) {
  return eventually(
    metrics,
    (report) =>
      report.totals.impressions >= before.totals.impressions + impressions &&
      report.totals.clicks >= before.totals.clicks + clicks,
  );
}

async function adEventCount(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from events where stream_id like 'ad-%'`.execute(db());
  return rows[0]!.n;
}

describe('the config', () => {
  it('lists the six seeded ads by priority and the two placements, network off', async () => {
    const seen = await config();
    expect(
      seen.definitions.map((ad) => [ad.id, ad.badge, ad.buttonText, ad.priority, ad.deviceTarget]),
    ).toEqual([
      ['premium-upgrade-vertical', 'Premium', 'Upgrade Now', 10, 'mobile'],
      ['pro-features-vertical', 'Pro', 'Get Pro', 9, 'mobile'],
      ['team-plan-vertical', 'Team', 'Start Free Trial', 8, 'all'],
      ['security-plus-horizontal', 'Security', 'Secure Now', 7, 'desktop'],
      ['analytics-pro-horizontal', 'Analytics', 'View Analytics', 6, 'desktop'],
      ['support-premium-horizontal', 'Support', 'Get Support', 5, 'all'],
    ]);
    for (const ad of seen.definitions) {
      expect(ad.features.length).toBeGreaterThanOrEqual(3);
      expect(ad.features.length).toBeLessThanOrEqual(4);
      expect(ad.orientation).toBe(ad.id.endsWith('-vertical') ? 'vertical' : 'horizontal');
      expect(ad.active).toBe(true);
      expect(ad.version).toBe(1);
    }
    expect(seen.placements).toEqual([
      {
        id: 'floating-top-right',
        type: 'floating',
        orientation: 'vertical',
        position: 'top-right',
        autoRotate: true,
        rotationInterval: 3000,
        maxAds: 3,
        zIndex: 9999,
        adSenseEnabled: false,
        adSenseUnitId: null,
        version: 1,
      },
      {
        id: 'inline-feed',
        type: 'inline',
        orientation: 'horizontal',
        position: 'inline',
        autoRotate: true,
        rotationInterval: 3000,
        maxAds: 4,
        zIndex: 100,
        adSenseEnabled: false,
        adSenseUnitId: null,
        version: 1,
      },
    ]);
    expect(seen.network).toBeNull();
  });

  it('is for members only, and metrics and edits for owners only', async () => {
    await request(stack.server.url).get('/api/ads').expect(401);
    await request(stack.server.url)
      .post('/api/ads/events')
      .send({ events: events('team-plan-vertical', 'impression', 1) })
      .expect(401);
    await api(member).get('/ads/metrics').expect(403);
    const before = await countEvents(db());
    await api(member).patch('/ads/definitions/team-plan-vertical', { title: 'Mine' }).expect(403);
    await api(member).patch('/ads/placements/inline-feed', { maxAds: 1 }).expect(403);
    expect(await countEvents(db())).toBe(before);
  });
});

describe('counting', () => {
  it('counts impressions and clicks in batches: ctr, revenue and lastShown', async () => {
    const before = await metrics();
    const ad = 'security-plus-horizontal';
    const sent = Date.now();
    const first = await api(member)
      .post('/ads/events', {
        events: [...events(ad, 'impression', 40), ...events(ad, 'click', 2)],
      })
      .expect(202);
    expect(first.body).toEqual({ accepted: 42 });
    await api(owner)
      .post('/ads/events', {
        events: [
          ...events(ad, 'impression', 10),
          ...events(ad, 'click', 1),
          ...events('support-premium-horizontal', 'impression', 3),
        ],
      })
      .expect(202);

    const after = await metricsAfter(before, 53, 3);
    const was = adMetrics(before, ad);
    const now = adMetrics(after, ad);
    expect(now.impressions - was.impressions).toBe(50);
    expect(now.clicks - was.clicks).toBe(3);
    expect(now.ctr).toBeCloseTo((now.clicks / now.impressions) * 100, 2);
    expect(now.revenue).toBeCloseTo((now.impressions / 1000) * 2.5 + now.clicks * 0.4, 4);
    expect(Date.parse(now.lastShown!)).toBeGreaterThanOrEqual(sent - 1000);
    expect(after.pricing).toEqual({ perThousandImpressions: 2.5, perClick: 0.4, currency: 'USD' });
    expect(after.totals.impressions).toBe(after.ads.reduce((sum, m) => sum + m.impressions, 0));
    expect(after.version).toBeGreaterThan(before.version);
    // The report lists the ads in the config's order, each once.
    expect(after.ads.map((m) => m.adId)).toEqual((await config()).definitions.map((d) => d.id));

    // Per day as well, on the day of the last impression.
    const day = now.lastShown!.slice(0, 10);
    const daily = await db()
      .selectFrom('ad_metrics_daily')
      .select(['impressions', 'clicks'])
      .where('ad_id', '=', ad)
      .where(sql<boolean>`day = ${day}::date`)
      .executeTakeFirstOrThrow();
    expect(daily).toEqual({ impressions: now.impressions, clicks: now.clicks });
  });

  it('writes one event per ad and flush, not one per impression', async () => {
    const before = await metrics();
    const eventsBefore = await adEventCount();
    await api(member)
      .post('/ads/events', { events: events('team-plan-vertical', 'impression', 100) })
      .expect(202);
    await metricsAfter(before, 100);
    expect(await adEventCount()).toBe(eventsBefore + 1);
  });

  it('writes what a process holds when a test asks, before its timer would', async () => {
    // Its timer waits an hour: only the test route writes what it counted.
    const second = await startTestServer(stack.database.url, {
      env: { ADS_METRICS_FLUSH_MS: String(3_600_000) },
    });
    try {
      const before = await metrics();
      await api(member, second)
        .post('/ads/events', { events: events('team-plan-vertical', 'impression', 3) })
        .expect(202);
      expect((await metrics()).totals.impressions).toBe(before.totals.impressions);
      await request(second.url).post('/api/test/ads/flush').expect(204);
      expect((await metrics()).totals.impressions).toBe(before.totals.impressions + 3);
    } finally {
      await second.close();
    }
  });

  it('gives an ad without impressions a ctr of 0 and no lastShown', async () => {
    const report = await metrics();
    const unseen = adMetrics(report, 'analytics-pro-horizontal');
    expect(unseen).toEqual({
      adId: 'analytics-pro-horizontal',
      impressions: 0,
      clicks: 0,
      ctr: 0,
      revenue: 0,
      lastShown: null,
    });
  });

  it('refuses a batch naming an unknown ad or placement whole, and counts nothing of it', async () => {
    const before = await metrics();
    const unknownAd = await api(member)
      .post('/ads/events', {
        events: [
          ...events('pro-features-vertical', 'impression', 5),
          { adId: 'no-such-ad', placementId: 'inline-feed', kind: 'impression' },
        ],
      })
      .expect(400);
    expect(unknownAd.body.error.message).toBe(`${adsMessages.unknownAds}: no-such-ad`);
    const unknownPlacement = await api(member)
      .post('/ads/events', {
        events: [
          { adId: 'pro-features-vertical', placementId: 'sidebar', kind: 'click' },
          { adId: 'gone', placementId: 'inline-feed', kind: 'click' },
        ],
      })
      .expect(400);
    expect(unknownPlacement.body.error.message).toBe(
      `${adsMessages.unknownAds}: gone. ${adsMessages.unknownPlacements}: sidebar`,
    );
    for (const body of [
      { events: [] },
      { events: events('pro-features-vertical', 'impression', 101) },
      { events: [{ adId: 'pro-features-vertical', placementId: 'inline-feed', kind: 'view' }] },
      { events: [{ adId: 'Pro Features', placementId: 'inline-feed', kind: 'click' }] },
      { events: events('pro-features-vertical', 'click', 1), extra: true },
    ]) {
      await api(member).post('/ads/events', body).expect(400);
    }
    // A good batch after them: exactly its one impression is added to what was there.
    await api(member)
      .post('/ads/events', { events: events('pro-features-vertical', 'impression', 1) })
      .expect(202);
    const after = await metricsAfter(before, 1);
    expect(after.totals.impressions).toBe(before.totals.impressions + 1);
    expect(after.totals.clicks).toBe(before.totals.clicks);
  });
});

describe('owner edits', () => {
  it('edits an ad, keeps the version when nothing changes, and refuses bad edits', async () => {
    const path = '/ads/definitions/team-plan-vertical';
    const edited = await api(owner)
      .patch(path, { title: '  Agora Teams  ', features: ['One', 'Two', 'Three'], priority: 11 })
      .expect(200);
    const ad = edited.body as AdDefinition;
    expect(ad).toMatchObject({
      id: 'team-plan-vertical',
      title: 'Agora Teams',
      features: ['One', 'Two', 'Three'],
      priority: 11,
      badge: 'Team',
      version: 2,
    });
    expect((await config()).definitions[0]!.id).toBe('team-plan-vertical');
    const eventsBefore = await countEvents(db());
    const again = await api(owner).patch(path, { title: 'Agora Teams' }).expect(200);
    expect(again.body).toEqual(ad);
    expect(await countEvents(db())).toBe(eventsBefore);

    const missing = await api(owner).patch('/ads/definitions/no-such-ad', { active: false });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(adsMessages.adNotFound);
    const empty = await api(owner).patch(path, {}).expect(400);
    expect(empty.body.error.message).toBe(adsMessages.nothingToChange);
    await api(owner).patch(path, { title: '   ' }).expect(400);
    await api(owner)
      .patch(path, { gradient: ['#fff', '#000000'] })
      .expect(400);
    await api(owner).patch(path, { icon: 'rocket' }).expect(400);
    await api(owner).patch(path, { version: 7 }).expect(400);
    expect(await countEvents(db())).toBe(eventsBefore);
  });

  it('edits a placement; the ad network needs a unit id and a configured client id', async () => {
    const path = '/ads/placements/inline-feed';
    const edited = await api(owner).patch(path, { maxAds: 2, rotationInterval: 5000 }).expect(200);
    expect(edited.body).toMatchObject({ id: 'inline-feed', maxAds: 2, rotationInterval: 5000 });
    const eventsBefore = await countEvents(db());
    const unconfigured = await api(owner)
      .patch(path, { adSenseEnabled: true, adSenseUnitId: '1234567890' })
      .expect(400);
    expect(unconfigured.body.error.fields).toEqual({
      adSenseEnabled: adsMessages.networkNotConfigured,
    });
    await api(owner).patch(path, { maxAds: 7 }).expect(400);
    await api(owner).patch(path, { adSenseUnitId: 'abc' }).expect(400);
    await api(owner).patch('/ads/placements/sidebar', { maxAds: 1 }).expect(404);
    expect(await countEvents(db())).toBe(eventsBefore);
    await api(owner).patch(path, { maxAds: 4, rotationInterval: 3000 }).expect(200);
  });
});

describe('live', () => {
  it('pushes the report to owners after a batch, and the config to everyone after an edit', async () => {
    const viewer = await signUp(stack.server);
    const [ownerSocket, memberSocket] = await Promise.all([
      connectAs(stack.server, owner),
      connectAs(stack.server, viewer),
    ]);
    try {
      const memberGotMetrics: unknown[] = [];
      memberSocket.on(ADS_SOCKET_EVENTS.metrics, (report: unknown) =>
        memberGotMetrics.push(report),
      );
      const before = await metrics();
      const pushed = waitForEvent<AdsMetricsReport>(
        ownerSocket,
        ADS_SOCKET_EVENTS.metrics,
        (report) => report.totals.impressions >= before.totals.impressions + 2,
      );
      await api(viewer)
        .post('/ads/events', { events: events('premium-upgrade-vertical', 'impression', 2) })
        .expect(202);
      const report = adsMetricsReportSchema.parse(await pushed);
      expect(report.version).toBeGreaterThan(before.version);
      expect(report).toEqual(await metrics());

      const configPushed = waitForEvent<AdsConfig>(memberSocket, ADS_SOCKET_EVENTS.config, (c) =>
        c.definitions.some((ad) => ad.id === 'pro-features-vertical' && !ad.active),
      );
      await api(owner)
        .patch('/ads/definitions/pro-features-vertical', { active: false })
        .expect(200);
      const pushedConfig = adsConfigSchema.parse(await configPushed);
      expect(pushedConfig).toEqual(await config(viewer));
      expect(memberGotMetrics).toEqual([]);
      await api(owner)
        .patch('/ads/definitions/pro-features-vertical', { active: true })
        .expect(200);
    } finally {
      ownerSocket.close();
      memberSocket.close();
    }
  });
});

describe('a second process', () => {
  it('keeps edits when it seeds, allows the ad network in the CSP only when configured', async () => {
    await api(owner)
      .patch('/ads/definitions/support-premium-horizontal', { title: 'Help, any hour' })
      .expect(200);
    const adEvents = await adEventCount();
    const strict = await request(stack.server.url).get('/api/auth/session').expect(200);
    const policy = strict.headers['content-security-policy'] as string;
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('googlesyndication');
    expect(policy).not.toContain('frame-src');

    const second = await startTestServer(stack.database.url, {
      env: { ADSENSE_CLIENT_ID: CLIENT_ID, ADS_EVENTS_PER_MINUTE: '5' },
    });
    try {
      // Seeding again created nothing and left the owner's edit alone.
      expect(await adEventCount()).toBe(adEvents);
      const seen = adsConfigSchema.parse((await api(member, second).get('/ads').expect(200)).body);
      expect(seen.network).toEqual({ clientId: CLIENT_ID });
      expect(seen.definitions.find((ad) => ad.id === 'support-premium-horizontal')!.title).toBe(
        'Help, any hour',
      );

      const open = await request(second.url).get('/api/auth/session').expect(200);
      const directives = Object.fromEntries(
        (open.headers['content-security-policy'] as string)
          .split(';')
          .map((d) => d.trim().split(' '))
          .map(([name, ...values]) => [name, values]),
      );
      expect(directives['script-src']).toEqual(
        expect.arrayContaining([
          "'self'",
          'https://pagead2.googlesyndication.com',
          'https://tpc.googlesyndication.com',
        ]),
      );
      expect(directives['frame-src']).toEqual(
        expect.arrayContaining([
          'https://googleads.g.doubleclick.net',
          'https://tpc.googlesyndication.com',
        ]),
      );
      expect(directives['default-src']).toEqual(["'self'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);

      const placement = await api(owner, second)
        .patch('/ads/placements/floating-top-right', { adSenseEnabled: true })
        .expect(400);
      expect(placement.body.error.fields).toEqual({ adSenseUnitId: adsMessages.unitIdRequired });
      const enabled = await api(owner, second)
        .patch('/ads/placements/floating-top-right', {
          adSenseEnabled: true,
          adSenseUnitId: '9876543210',
        })
        .expect(200);
      expect(enabled.body).toMatchObject({ adSenseEnabled: true, adSenseUnitId: '9876543210' });

      // Five events a minute per member here (counted across processes, so a member who sent
      // none yet): the sixth is refused.
      const fresh = await signUp(second);
      const five = { events: events('team-plan-vertical', 'click', 5) };
      await api(fresh, second).post('/ads/events', five).expect(202);
      const limited = await api(fresh, second)
        .post('/ads/events', { events: events('team-plan-vertical', 'click', 1) })
        .expect(429);
      expect(limited.body.error.message).toBe(adsMessages.tooManyEvents);
    } finally {
      await second.close();
    }
  });
});

describe('rebuild', () => {
  it('reproduces the ad read models from the log', async () => {
    const before = await snapshotReadModels(db(), AD_TABLES);
    expect(before.ad_definitions).toHaveLength(6);
    expect(before.ad_metrics!.length).toBeGreaterThan(0);
    await rebuild(db());
    expect(await snapshotReadModels(db(), AD_TABLES)).toEqual(before);
  });
});
