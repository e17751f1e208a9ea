import { adsMessages, type AdEvent } from '../../shared/ads';
import { AdMetricsCounter, type AdCounts } from '../../server/domains/ads/ad-metrics-counter';
import {
  type AdDefinitionRow,
  type AdPlacementRow,
  rates,
} from '../../server/domains/ads/ads-presenter';
import {
  editAdDefinition,
  editAdPlacement,
  recordAdMetrics,
  seedAds,
} from '../../server/domains/ads/commands';
import { seededDefinitions, seededPlacements } from '../../server/domains/ads/seeded-ads';
import { ANA, by, decide, refusal, refusedAs } from './support/decide';

const team = seededDefinitions.find((ad) => ad.id === 'team-plan-vertical')!;
const inline = seededPlacements.find((placement) => placement.id === 'inline-feed')!;

const teamRow: AdDefinitionRow = {
  id: team.id,
  title: team.title,
  description: team.description,
  features: [...team.features],
  button_text: team.buttonText,
  icon: team.icon,
  gradient: [...team.gradient],
  accent_color: team.accentColor,
  badge: team.badge,
  orientation: team.orientation,
  priority: team.priority,
  device_target: team.deviceTarget,
  active: team.active,
  version: 3,
};

const inlineRow: AdPlacementRow = {
  id: inline.id,
  type: inline.type,
  orientation: inline.orientation,
  position: inline.position,
  auto_rotate: inline.autoRotate,
  rotation_interval: inline.rotationInterval,
  max_ads: inline.maxAds,
  z_index: inline.zIndex,
  ad_sense_enabled: inline.adSenseEnabled,
  ad_sense_unit_id: inline.adSenseUnitId,
  version: 1,
};

describe('seeding', () => {
  it('creates every seeded ad and placement on an empty log', async () => {
    const decision = await decide(seedAds, { definitions: [], placements: [] }, undefined);
    expect(decision.appends).toEqual([
      ...seededDefinitions.map((ad) => ({
        streamId: `ad-definition-${ad.id}`,
        expectedVersion: 0,
        types: ['AdDefinitionCreated'],
      })),
      ...seededPlacements.map((placement) => ({
        streamId: `ad-placement-${placement.id}`,
        expectedVersion: 0,
        types: ['AdPlacementCreated'],
      })),
    ]);
  });

  it('creates only what is missing, so an edited ad stays as the owner left it', async () => {
    const decision = await decide(
      seedAds,
      {
        definitions: seededDefinitions.filter((ad) => ad !== team).map(({ id }) => ({ id })),
        placements: seededPlacements.map(({ id }) => ({ id })),
      },
      undefined,
    );
    expect(decision.events).toEqual([{ type: 'AdDefinitionCreated', data: team }]);
  });
});

describe("an owner's edit of an ad", () => {
  it('appends the ad whole with the patch applied, at the version read', async () => {
    const decision = await decide(
      editAdDefinition,
      { row: teamRow },
      { adId: team.id, patch: { title: 'Teams', active: false } },
      by(ANA),
    );
    expect(decision.appends).toEqual([
      {
        streamId: 'ad-definition-team-plan-vertical',
        expectedVersion: 3,
        types: ['AdDefinitionEdited'],
      },
    ]);
    expect(decision.events[0]!.data).toEqual({ ...team, title: 'Teams', active: false });
    expect(decision.reply).toBe(true);
  });

  it('appends nothing when the patch changes nothing', async () => {
    const decision = await decide(
      editAdDefinition,
      { row: teamRow },
      { adId: team.id, patch: { badge: team.badge, features: [...team.features] } },
    );
    expect(decision.appends).toEqual([]);
    expect(decision.result).toEqual({ ...team, version: 3 });
  });

  it('refuses an ad that does not exist', async () => {
    expect(
      await refusal(
        editAdDefinition,
        { row: undefined },
        { adId: 'gone', patch: { active: true } },
      ),
    ).toEqual(refusedAs.notFound(adsMessages.adNotFound));
  });
});

describe("an owner's edit of a placement", () => {
  const edit = (patch: object, network: boolean, row: AdPlacementRow = inlineRow) =>
    refusal(editAdPlacement, { row }, { placementId: inline.id, patch, network });

  it('refuses the ad network where the server has no client id for it', async () => {
    expect(await edit({ adSenseEnabled: true, adSenseUnitId: '123' }, false)).toEqual(
      refusedAs.invalid('validation', adsMessages.networkNotConfigured, {
        adSenseEnabled: adsMessages.networkNotConfigured,
      }),
    );
  });

  it('refuses the ad network without a unit id, or losing its unit id while on', async () => {
    const unitRequired = refusedAs.invalid('validation', adsMessages.unitIdRequired, {
      adSenseUnitId: adsMessages.unitIdRequired,
    });
    expect(await edit({ adSenseEnabled: true }, true)).toEqual(unitRequired);
    const on = { ...inlineRow, ad_sense_enabled: true, ad_sense_unit_id: '123' };
    expect(await edit({ adSenseUnitId: null }, true, on)).toEqual(unitRequired);
  });

  it('appends the placement whole', async () => {
    const decision = await decide(
      editAdPlacement,
      { row: inlineRow },
      {
        placementId: inline.id,
        patch: { adSenseEnabled: true, adSenseUnitId: '42' },
        network: true,
      },
    );
    expect(decision.events).toEqual([
      {
        type: 'AdPlacementEdited',
        data: { ...inline, adSenseEnabled: true, adSenseUnitId: '42' },
      },
    ]);
  });
});

describe('recording counts', () => {
  const counts = (adId: string, day: string, impressions: number): AdCounts => ({
    adId,
    day,
    impressions,
    clicks: 0,
    lastShown: `${day}T10:00:00.000Z`,
  });

  it("appends each ad's days on its metrics stream, and drops ads that do not exist", async () => {
    const decision = await decide(
      recordAdMetrics,
      { streams: [{ id: 'a', version: 4 }] },
      {
        counts: [
          counts('a', '2026-11-24', 2),
          counts('gone', '2026-11-25', 1),
          counts('a', '2026-11-25', 3),
        ],
      },
    );
    expect(decision.appends).toEqual([
      {
        streamId: 'ad-metrics-a',
        expectedVersion: 4,
        types: ['AdMetricsRecorded', 'AdMetricsRecorded'],
      },
    ]);
    expect(decision.events.map((event) => event.data)).toEqual([
      counts('a', '2026-11-24', 2),
      counts('a', '2026-11-25', 3),
    ]);
  });
});

describe('the counter', () => {
  function counter() {
    const state = { at: new Date('2026-11-25T23:59:59.000Z'), failing: false };
    const written: AdCounts[][] = [];
    const ads = new AdMetricsCounter({
      now: () => state.at,
      write: async (batch) => {
        if (state.failing) throw new Error('database down');
        written.push([...batch]);
      },
    });
    return { state, written, ads };
  }
  const event = (adId: string, kind: AdEvent['kind']): AdEvent => ({
    adId,
    placementId: 'inline-feed',
    kind,
  });

  it('adds up per ad and UTC day, with the last impression', async () => {
    const { state, written, ads } = counter();
    ads.record([event('a', 'impression'), event('a', 'click'), event('b', 'click')]);
    state.at = new Date('2026-11-26T00:00:01.000Z');
    ads.record([event('a', 'impression'), event('a', 'impression')]);
    await ads.flush();
    expect(written).toEqual([
      [
        {
          adId: 'a',
          day: '2026-11-25',
          impressions: 1,
          clicks: 1,
          lastShown: '2026-11-25T23:59:59.000Z',
        },
        { adId: 'b', day: '2026-11-25', impressions: 0, clicks: 1, lastShown: null },
        {
          adId: 'a',
          day: '2026-11-26',
          impressions: 2,
          clicks: 0,
          lastShown: '2026-11-26T00:00:01.000Z',
        },
      ],
    ]);
    await ads.flush();
    expect(written).toHaveLength(1);
  });

  it('keeps what a failed write held, with what came meanwhile, for the next flush', async () => {
    const { state, written, ads } = counter();
    ads.record([event('a', 'impression')]);
    state.failing = true;
    await expect(ads.flush()).rejects.toThrow('database down');
    ads.record([event('a', 'click')]);
    state.failing = false;
    await ads.flush();
    expect(written).toEqual([
      [
        {
          adId: 'a',
          day: '2026-11-25',
          impressions: 1,
          clicks: 1,
          lastShown: '2026-11-25T23:59:59.000Z',
        },
      ],
    ]);
  });
});

describe('rates', () => {
  const pricing = { perThousandImpressions: 2.5, perClick: 0.4, currency: 'USD' };

  it('are 0 without impressions, clicks / impressions as a percentage otherwise', () => {
    expect(rates(0, 0, pricing)).toEqual({ ctr: 0, revenue: 0 });
    expect(rates(0, 2, pricing)).toEqual({ ctr: 0, revenue: 0.8 });
    expect(rates(3, 1, pricing)).toEqual({ ctr: 33.33, revenue: 0.4075 });
    expect(rates(2000, 50, pricing)).toEqual({ ctr: 2.5, revenue: 25 });
  });
});
