import fc from 'fast-check';
import { adDefinitionSchema, deviceTargetSchema, type AdDefinition } from '../../shared/ads';
import {
  adsForPlacement,
  clampIndex,
  deviceForWidth,
  formatCtr,
  newerConfig,
  nextIndex,
} from '../../web/features/ads/adSelection';
import { aConfig, anAd, aPlacement, SPEC_ADS } from '../support/ad-fixture';

const ids = (ads: readonly AdDefinition[]) => ads.map((ad) => ad.id);

describe('which ads a placement shows', () => {
  it('takes 768 px and narrower as mobile', () => {
    expect(deviceForWidth(320)).toBe('mobile');
    expect(deviceForWidth(768)).toBe('mobile');
    expect(deviceForWidth(769)).toBe('desktop');
    expect(deviceForWidth(1280)).toBe('desktop');
  });

  it('shows the spec ads by priority: mobile and "all" on mobile, desktop and "all" elsewhere', () => {
    const floating = aPlacement({ maxAds: 3 });
    expect(ids(adsForPlacement(SPEC_ADS, floating, 'mobile'))).toEqual([
      'premium-upgrade-vertical',
      'pro-features-vertical',
      'team-plan-vertical',
    ]);
    expect(ids(adsForPlacement(SPEC_ADS, floating, 'desktop'))).toEqual([
      'team-plan-vertical',
      'security-plus-horizontal',
      'analytics-pro-horizontal',
    ]);
    const inline = aPlacement({ id: 'inline-feed', maxAds: 4 });
    expect(ids(adsForPlacement(SPEC_ADS, inline, 'desktop'))).toEqual([
      'team-plan-vertical',
      'security-plus-horizontal',
      'analytics-pro-horizontal',
      'support-premium-horizontal',
    ]);
  });

  it('leaves paused ads out', () => {
    const ads = SPEC_ADS.map((ad) =>
      ad.id === 'team-plan-vertical' ? { ...ad, active: false } : ad,
    );
    expect(ids(adsForPlacement(ads, aPlacement(), 'desktop'))).toEqual([
      'security-plus-horizontal',
      'analytics-pro-horizontal',
      'support-premium-horizontal',
    ]);
  });

  const anyAd = fc.record({
    id: fc.stringMatching(/^[a-z]{1,8}$/),
    priority: fc.integer({ min: 0, max: 20 }),
    deviceTarget: fc.constantFrom(...deviceTargetSchema.options),
    active: fc.boolean(),
  });

  it('always: active, on target, by priority descending, at most maxAds, a subset of the input', () => {
    fc.assert(
      fc.property(
        fc.array(anyAd, { maxLength: 12 }),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom('mobile' as const, 'desktop' as const),
        (partial, maxAds, device) => {
          const ads = partial.map((fields, n) => anAd({ ...fields, id: `${fields.id}-${n}` }));
          const shown = adsForPlacement(ads, aPlacement({ maxAds }), device);
          const eligible = ads.filter(
            (ad) => ad.active && (ad.deviceTarget === 'all' || ad.deviceTarget === device),
          );
          expect(shown.length).toBe(Math.min(maxAds, eligible.length));
          for (const ad of shown) expect(eligible).toContain(ad);
          for (let i = 1; i < shown.length; i += 1) {
            expect(shown[i - 1]!.priority).toBeGreaterThanOrEqual(shown[i]!.priority);
          }
          // Nothing left out outranks anything shown.
          const lowest = shown.at(-1)?.priority ?? Infinity;
          for (const ad of eligible.filter((candidate) => !shown.includes(candidate))) {
            expect(ad.priority).toBeLessThanOrEqual(lowest);
          }
        },
      ),
    );
  });

  it('the fixture ads are valid definitions', () => {
    for (const ad of SPEC_ADS) expect(adDefinitionSchema.parse(ad)).toEqual(ad);
  });
});

describe('rotation', () => {
  it('advances by one and wraps around', () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(1, 3)).toBe(2);
    expect(nextIndex(2, 3)).toBe(0);
    expect(nextIndex(0, 1)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
  });

  it('visits every ad once per cycle and comes back to the start after `count` steps', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.nat(), (count, start) => {
        const first = start % count;
        const seen: number[] = [];
        let index = first;
        for (let step = 0; step < count; step += 1) {
          seen.push(index);
          index = nextIndex(index, count);
        }
        expect(index).toBe(first);
        expect(new Set(seen).size).toBe(count);
      }),
    );
  });

  it('keeps an index in range when the list shrinks', () => {
    expect(clampIndex(2, 2)).toBe(1);
    expect(clampIndex(1, 3)).toBe(1);
    expect(clampIndex(5, 0)).toBe(0);
  });
});

describe('config from pushes and refetches', () => {
  it('keeps the newer copy of each ad and placement, whichever arrives last', () => {
    const current = aConfig({
      definitions: [anAd({ title: 'New title', version: 3 })],
      placements: [aPlacement({ maxAds: 2, version: 2 })],
    });
    const older = aConfig({
      definitions: [anAd({ title: 'Old title', version: 2 })],
      placements: [aPlacement({ maxAds: 1, version: 3 })],
    });
    const merged = newerConfig(current, older);
    expect(merged.definitions[0]!.title).toBe('New title');
    expect(merged.placements[0]!.maxAds).toBe(1);
    expect(newerConfig(undefined, older)).toBe(older);
  });
});

describe('ctr', () => {
  it('is written with two decimals and a percent sign', () => {
    expect(formatCtr(2.5)).toBe('2.50%');
    expect(formatCtr(0)).toBe('0.00%');
    expect(formatCtr(100 / 3)).toBe('33.33%');
  });
});
