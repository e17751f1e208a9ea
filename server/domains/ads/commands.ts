import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import {
  adsMessages,
  type AdDefinition,
  type AdPlacement,
  type PatchAdDefinition,
  type PatchAdPlacement,
} from '../../../shared/ads';
import { appendTo, defineCommand } from '../../core/command';
import { invalidField, notFound } from '../../core/errors';
import { first, mapRead, rows, streamVersionSql } from '../../core/reads';
import { qb } from '../../db/statement';
import type { AdCounts } from './ad-metrics-counter';
import { presentDefinition, presentPlacement } from './ads-presenter';
import { seededDefinitions, seededPlacements } from './seeded-ads';
import { adDefinitionStreamId, adMetricsStreamId, adPlacementStreamId } from './streams';

const definitionRead = (id: string) =>
  first(qb.selectFrom('ad_definitions').selectAll().where('id', '=', id));
const placementRead = (id: string) =>
  first(qb.selectFrom('ad_placements').selectAll().where('id', '=', id));

/** The item's fields as its events carry them: everything but the version. */
function withoutVersion<T extends { version: number }>(item: T): Omit<T, 'version'> {
  const { version: _version, ...fields } = item;
  return fields;
}

/**
 * Creates the seeded ads and placements that are missing, at every start: an existing one (and
 * an owner's edits of it) is left alone, and one added to the code reaches existing
 * deployments. Two processes starting at once meet on the streams' first version; the loser
 * reads again and finds nothing left to create.
 */
export const seedAds = defineCommand({
  name: 'ads.seed',
  load: () => ({
    definitions: rows(qb.selectFrom('ad_definitions').select('id')),
    placements: rows(qb.selectFrom('ad_placements').select('id')),
  }),
  decide({ definitions, placements }) {
    const hasAd = new Set(definitions.map((row) => row.id));
    const hasPlacement = new Set(placements.map((row) => row.id));
    return {
      appends: [
        ...seededDefinitions
          .filter((ad) => !hasAd.has(ad.id))
          .map((ad) =>
            appendTo(adDefinitionStreamId(ad.id), 0, [{ type: 'AdDefinitionCreated', data: ad }]),
          ),
        ...seededPlacements
          .filter((placement) => !hasPlacement.has(placement.id))
          .map((placement) =>
            appendTo(adPlacementStreamId(placement.id), 0, [
              { type: 'AdPlacementCreated', data: placement },
            ]),
          ),
      ],
      result: undefined,
    };
  },
});

/**
 * An owner's edit of an ad: the ad whole with the patch applied, at the version read (the row's
 * version is its stream's, set in the same transaction). An edit that changes nothing appends
 * nothing and answers the ad as it is.
 */
export const editAdDefinition = defineCommand({
  name: 'ads.editDefinition',
  load: ({ adId }: { adId: string; patch: PatchAdDefinition }) => ({
    row: definitionRead(adId),
  }),
  decide({ row }, { adId, patch }) {
    if (!row) throw notFound(adsMessages.adNotFound);
    const current = presentDefinition(row);
    const next: AdDefinition = { ...current, ...patch };
    if (isDeepStrictEqual(next, current)) return { result: current };
    return {
      appends: [
        appendTo(adDefinitionStreamId(adId), row.version, [
          { type: 'AdDefinitionEdited', data: withoutVersion(next) },
        ]),
      ],
      reply: mapRead(definitionRead(adId), (found) => presentDefinition(found!)),
    };
  },
});

/**
 * An owner's edit of a placement, as for an ad. The ad network may only be switched on with a
 * unit id, and only where the server has a client id for it: otherwise no client could load it.
 */
export const editAdPlacement = defineCommand({
  name: 'ads.editPlacement',
  load: ({ placementId }: { placementId: string; patch: PatchAdPlacement; network: boolean }) => ({
    row: placementRead(placementId),
  }),
  decide({ row }, { placementId, patch, network }) {
    if (!row) throw notFound(adsMessages.placementNotFound);
    const current = presentPlacement(row);
    const next: AdPlacement = { ...current, ...patch };
    if (next.adSenseEnabled && !current.adSenseEnabled && !network) {
      throw invalidField('adSenseEnabled', 'validation', adsMessages.networkNotConfigured);
    }
    if (next.adSenseEnabled && next.adSenseUnitId === null) {
      throw invalidField('adSenseUnitId', 'validation', adsMessages.unitIdRequired);
    }
    if (isDeepStrictEqual(next, current)) return { result: current };
    return {
      appends: [
        appendTo(adPlacementStreamId(placementId), row.version, [
          { type: 'AdPlacementEdited', data: withoutVersion(next) },
        ]),
      ],
      reply: mapRead(placementRead(placementId), (found) => presentPlacement(found!)),
    };
  },
});

/**
 * Adds what a process counted: per ad, one `AdMetricsRecorded` per day on the ad's metrics
 * stream at the version read (two processes flushing one ad meet there and the loser reads
 * again), so a flush is one transaction however many impressions it carries.
 */
export const recordAdMetrics = defineCommand({
  name: 'ads.recordMetrics',
  load: ({ counts }: { counts: readonly AdCounts[] }) => ({
    streams: rows(
      qb
        .selectFrom('ad_definitions as d')
        .select(['d.id', streamVersionSql(sql`${adMetricsStreamId('')} || d.id`).as('version')])
        .where(sql<boolean>`d.id = any(${[...new Set(counts.map((c) => c.adId))]}::text[])`),
    ),
  }),
  decide({ streams }, { counts }) {
    return {
      appends: streams.map((stream) =>
        appendTo(
          adMetricsStreamId(stream.id),
          stream.version,
          counts
            .filter((count) => count.adId === stream.id)
            .map((count) => ({ type: 'AdMetricsRecorded' as const, data: count })),
        ),
      ),
      result: undefined,
    };
  },
});
