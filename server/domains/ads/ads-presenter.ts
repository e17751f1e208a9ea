import type { Selectable } from 'kysely';
import {
  adDefinitionSchema,
  adPlacementSchema,
  type AdDefinition,
  type AdMetrics,
  type AdPlacement,
  type AdsMetricsReport,
} from '../../../shared/ads';
import type { AdDefinitionsTable } from '../../db/tables/ad-definitions';
import type { AdMetricsTable } from '../../db/tables/ad-metrics';
import type { AdPlacementsTable } from '../../db/tables/ad-placements';

export type AdDefinitionRow = Selectable<AdDefinitionsTable>;
export type AdPlacementRow = Selectable<AdPlacementsTable>;
export type AdMetricsRow = Pick<
  Selectable<AdMetricsTable>,
  'ad_id' | 'impressions' | 'clicks' | 'last_shown'
>;

/** What revenue is computed from (`ADS_PRICE_PER_THOUSAND`, `ADS_PRICE_PER_CLICK`, `ADS_CURRENCY`). */
export type AdsPricing = AdsMetricsReport['pricing'];

// The enum columns hold only what the events' schemas let in; parsing states that once.
export function presentDefinition(row: AdDefinitionRow): AdDefinition {
  return adDefinitionSchema.parse({
    id: row.id,
    title: row.title,
    description: row.description,
    features: row.features,
    buttonText: row.button_text,
    icon: row.icon,
    gradient: row.gradient,
    accentColor: row.accent_color,
    badge: row.badge,
    orientation: row.orientation,
    priority: row.priority,
    deviceTarget: row.device_target,
    active: row.active,
    version: row.version,
  });
}

export function presentPlacement(row: AdPlacementRow): AdPlacement {
  return adPlacementSchema.parse({
    id: row.id,
    type: row.type,
    orientation: row.orientation,
    position: row.position,
    autoRotate: row.auto_rotate,
    rotationInterval: row.rotation_interval,
    maxAds: row.max_ads,
    zIndex: row.z_index,
    adSenseEnabled: row.ad_sense_enabled,
    adSenseUnitId: row.ad_sense_unit_id,
    version: row.version,
  });
}

/** Percentages to two decimals; money to a hundredth of a cent, as impressions earn less than one. */
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** ctr and revenue of counts: ctr is clicks / impressions × 100, and 0 without impressions. */
export function rates(
  impressions: number,
  clicks: number,
  pricing: AdsPricing,
): Pick<AdMetrics, 'ctr' | 'revenue'> {
  return {
    ctr: impressions === 0 ? 0 : round((clicks / impressions) * 100, 2),
    revenue: round(
      (impressions / 1000) * pricing.perThousandImpressions + clicks * pricing.perClick,
      4,
    ),
  };
}

export function presentMetrics(row: AdMetricsRow, pricing: AdsPricing): AdMetrics {
  return {
    adId: row.ad_id,
    impressions: row.impressions,
    clicks: row.clicks,
    ...rates(row.impressions, row.clicks, pricing),
    lastShown: row.last_shown?.toISOString() ?? null,
  };
}

/** The owner's report: the ads in the order given, their totals, the prices and the version. */
export function presentReport(
  rows: readonly AdMetricsRow[],
  pricing: AdsPricing,
  version: number,
): AdsMetricsReport {
  const impressions = rows.reduce((sum, row) => sum + row.impressions, 0);
  const clicks = rows.reduce((sum, row) => sum + row.clicks, 0);
  return {
    ads: rows.map((row) => presentMetrics(row, pricing)),
    totals: { impressions, clicks, ...rates(impressions, clicks, pricing) },
    pricing,
    version,
  };
}
