import { sql } from 'kysely';
import type { EventData } from '../../../shared/events';
import { qb, statement, type Statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';

const definitionColumns = (ad: EventData<'AdDefinitionCreated'>) => ({
  title: ad.title,
  description: ad.description,
  features: ad.features,
  button_text: ad.buttonText,
  icon: ad.icon,
  gradient: [...ad.gradient],
  accent_color: ad.accentColor,
  badge: ad.badge,
  orientation: ad.orientation,
  priority: ad.priority,
  device_target: ad.deviceTarget,
  active: ad.active,
});

const placementColumns = (placement: EventData<'AdPlacementCreated'>) => ({
  type: placement.type,
  orientation: placement.orientation,
  position: placement.position,
  auto_rotate: placement.autoRotate,
  rotation_interval: placement.rotationInterval,
  max_ads: placement.maxAds,
  z_index: placement.zIndex,
  ad_sense_enabled: placement.adSenseEnabled,
  ad_sense_unit_id: placement.adSenseUnitId,
});

/** Counts are added, never recounted: each event carries exactly what it adds. */
function recordMetrics(counts: EventData<'AdMetricsRecorded'>): Statement[] {
  const lastShown = counts.lastShown === null ? null : new Date(counts.lastShown);
  return [
    statement(
      qb
        .insertInto('ad_metrics')
        .values({
          ad_id: counts.adId,
          impressions: counts.impressions,
          clicks: counts.clicks,
          last_shown: lastShown,
          version: 1,
        })
        .onConflict((oc) =>
          oc.column('ad_id').doUpdateSet({
            impressions: sql`ad_metrics.impressions + excluded.impressions`,
            clicks: sql`ad_metrics.clicks + excluded.clicks`,
            // greatest() passes over nulls: a flush of clicks alone keeps the last impression.
            last_shown: sql`greatest(ad_metrics.last_shown, excluded.last_shown)`,
            version: sql`ad_metrics.version + 1`,
          }),
        ),
    ),
    statement(
      qb
        .insertInto('ad_metrics_daily')
        .values({
          ad_id: counts.adId,
          day: counts.day,
          impressions: counts.impressions,
          clicks: counts.clicks,
        })
        .onConflict((oc) =>
          oc.columns(['ad_id', 'day']).doUpdateSet({
            impressions: sql`ad_metrics_daily.impressions + excluded.impressions`,
            clicks: sql`ad_metrics_daily.clicks + excluded.clicks`,
          }),
        ),
    ),
  ];
}

/**
 * The ad layer's read models. A row's `version` is its stream's (1 at creation, one more per
 * edit), which the edit commands append at. Nothing here belongs to a member, so
 * `AccountDeleted` has nothing to erase (docs/architecture.md, Ads).
 */
export const adsProjection: Projection = {
  name: 'ads',
  tables: ['ad_definitions', 'ad_placements', 'ad_metrics', 'ad_metrics_daily'],
  handles: [
    'AdDefinitionCreated',
    'AdDefinitionEdited',
    'AdPlacementCreated',
    'AdPlacementEdited',
    'AdMetricsRecorded',
  ],
  project(event) {
    switch (event.type) {
      case 'AdDefinitionCreated':
        return [
          statement(
            qb
              .insertInto('ad_definitions')
              .values({ id: event.data.id, ...definitionColumns(event.data), version: 1 }),
          ),
        ];
      case 'AdDefinitionEdited':
        return [
          statement(
            qb
              .updateTable('ad_definitions')
              .set({ ...definitionColumns(event.data), version: sql`version + 1` })
              .where('id', '=', event.data.id),
          ),
        ];
      case 'AdPlacementCreated':
        return [
          statement(
            qb
              .insertInto('ad_placements')
              .values({ id: event.data.id, ...placementColumns(event.data), version: 1 }),
          ),
        ];
      case 'AdPlacementEdited':
        return [
          statement(
            qb
              .updateTable('ad_placements')
              .set({ ...placementColumns(event.data), version: sql`version + 1` })
              .where('id', '=', event.data.id),
          ),
        ];
      case 'AdMetricsRecorded':
        return recordMetrics(event.data);
      default:
        return [];
    }
  },
};
