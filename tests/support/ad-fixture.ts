import type { AdDefinition, AdPlacement, AdsConfig, AdsMetricsReport } from '../../shared/ads';

/** An ad definition of 002 §3 with what a test does not care about filled in. */
export function anAd(overrides: Partial<AdDefinition> = {}): AdDefinition {
  return {
    id: 'team-plan-vertical',
    title: 'Team Plan',
    description: 'Collaborate with your whole team.',
    features: ['Shared workspaces', 'Admin controls'],
    buttonText: 'Start Free Trial',
    icon: 'users',
    gradient: ['#2563eb', '#7c3aed'],
    accentColor: '#facc15',
    badge: 'Team',
    orientation: 'vertical',
    priority: 8,
    deviceTarget: 'all',
    active: true,
    version: 1,
    ...overrides,
  };
}

export function aPlacement(overrides: Partial<AdPlacement> = {}): AdPlacement {
  return {
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
    ...overrides,
  };
}

/** The six ads of 002 §3, with their badges, priorities and devices. */
export const SPEC_ADS: AdDefinition[] = [
  anAd({ id: 'premium-upgrade-vertical', badge: 'Premium', priority: 10, deviceTarget: 'mobile' }),
  anAd({ id: 'pro-features-vertical', badge: 'Pro', priority: 9, deviceTarget: 'mobile' }),
  anAd({ id: 'team-plan-vertical', badge: 'Team', priority: 8, deviceTarget: 'all' }),
  anAd({ id: 'security-plus-horizontal', badge: 'Security', priority: 7, deviceTarget: 'desktop' }),
  anAd({
    id: 'analytics-pro-horizontal',
    badge: 'Analytics',
    priority: 6,
    deviceTarget: 'desktop',
  }),
  anAd({ id: 'support-premium-horizontal', badge: 'Support', priority: 5, deviceTarget: 'all' }),
];

export function aConfig(overrides: Partial<AdsConfig> = {}): AdsConfig {
  return {
    definitions: SPEC_ADS,
    placements: [
      aPlacement(),
      aPlacement({
        id: 'inline-feed',
        type: 'inline',
        orientation: 'horizontal',
        position: 'inline',
        maxAds: 4,
        zIndex: 100,
      }),
    ],
    network: null,
    ...overrides,
  };
}

export function aReport(version: number, impressions = 0, clicks = 0): AdsMetricsReport {
  const ctr = impressions === 0 ? 0 : (clicks / impressions) * 100;
  return {
    ads: [
      {
        adId: 'team-plan-vertical',
        impressions,
        clicks,
        ctr,
        revenue: 0,
        lastShown: null,
      },
    ],
    totals: { impressions, clicks, ctr, revenue: 0 },
    pricing: { perThousandImpressions: 2, perClick: 0.5, currency: 'USD' },
    version,
  };
}
