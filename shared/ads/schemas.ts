import { z } from 'zod';
import { text } from '../api/text';
import {
  AD_BADGE_MAX,
  AD_BUTTON_MAX,
  AD_DESCRIPTION_MAX,
  AD_EVENTS_BATCH_MAX,
  AD_FEATURE_MAX,
  AD_FEATURES_MAX,
  AD_PRIORITY_MAX,
  AD_TITLE_MAX,
  AD_UNIT_ID_MAX,
} from './limits';
import { adsMessages } from './messages';

/** Ids are the spec's (`premium-upgrade-vertical`, `inline-feed`, ...): lower-case words. */
export const adIdSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  .max(64);

export const adOrientationSchema = z.enum(['vertical', 'horizontal']);
export const deviceTargetSchema = z.enum(['mobile', 'desktop', 'all']);
export type DeviceTarget = z.infer<typeof deviceTargetSchema>;

/** The icons an ad may name; the client maps each to its drawing. */
export const adIconSchema = z.enum(['crown', 'zap', 'users', 'shield', 'chart', 'headset']);
export type AdIcon = z.infer<typeof adIconSchema>;

/** Two `#rrggbb` colours: the card's gradient runs from the first to the second. */
const hexColor = z.string().regex(/^#[0-9a-f]{6}$/i, 'A colour is written #rrggbb');
export const adGradientSchema = z.tuple([hexColor, hexColor]);

const adText = (max: number) => text({ trim: true, required: 'This cannot be blank', max });

/** An ad definition (002 §3 Advertising). */
export const adDefinitionSchema = z.object({
  id: adIdSchema,
  title: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  buttonText: z.string(),
  icon: adIconSchema,
  gradient: adGradientSchema,
  accentColor: hexColor,
  badge: z.string(),
  orientation: adOrientationSchema,
  /** Higher first. */
  priority: z.number().int(),
  deviceTarget: deviceTargetSchema,
  /** An owner may pause an ad without losing it or its metrics. */
  active: z.boolean(),
  version: z.number().int(),
});
export type AdDefinition = z.infer<typeof adDefinitionSchema>;

/** `PATCH /ads/definitions/{id}` (owner): only the fields sent change. */
export const patchAdDefinitionSchema = z
  .strictObject({
    title: adText(AD_TITLE_MAX).optional(),
    description: adText(AD_DESCRIPTION_MAX).optional(),
    features: z.array(adText(AD_FEATURE_MAX)).max(AD_FEATURES_MAX).optional(),
    buttonText: adText(AD_BUTTON_MAX).optional(),
    icon: adIconSchema.optional(),
    gradient: adGradientSchema.optional(),
    accentColor: hexColor.optional(),
    badge: adText(AD_BADGE_MAX).optional(),
    orientation: adOrientationSchema.optional(),
    priority: z.number().int().min(0).max(AD_PRIORITY_MAX).optional(),
    deviceTarget: deviceTargetSchema.optional(),
    active: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: adsMessages.nothingToChange });
export type PatchAdDefinition = z.output<typeof patchAdDefinitionSchema>;

export const placementTypeSchema = z.enum(['floating', 'inline']);
export const placementPositionSchema = z.enum(['top-right', 'bottom-left', 'inline']);

/** An ad placement (002 §3 Advertising). */
export const adPlacementSchema = z.object({
  id: adIdSchema,
  type: placementTypeSchema,
  orientation: adOrientationSchema,
  position: placementPositionSchema,
  autoRotate: z.boolean(),
  rotationInterval: z.number().int().positive(),
  maxAds: z.number().int().positive(),
  zIndex: z.number().int(),
  /** The third-party ad network, off by default (002 §7 Stubs, §9). */
  adSenseEnabled: z.boolean(),
  adSenseUnitId: z.string().nullable(),
  version: z.number().int(),
});
export type AdPlacement = z.infer<typeof adPlacementSchema>;

/** `PATCH /ads/placements/{id}` (owner). */
export const patchAdPlacementSchema = z
  .strictObject({
    autoRotate: z.boolean().optional(),
    rotationInterval: z.number().int().min(1000).max(60_000).optional(),
    maxAds: z.number().int().min(1).max(6).optional(),
    adSenseEnabled: z.boolean().optional(),
    adSenseUnitId: z
      .string()
      .regex(/^[0-9]{1,20}$/, 'An ad unit id is digits')
      .max(AD_UNIT_ID_MAX)
      .nullable()
      .optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: adsMessages.nothingToChange });
export type PatchAdPlacement = z.output<typeof patchAdPlacementSchema>;

/**
 * `GET /ads` (any member): what the ad layer shows. `network` is the third-party ad network's
 * client id when the server configures one (`ADSENSE_CLIENT_ID`), else null and no placement
 * loads its script.
 */
export const adsConfigSchema = z.object({
  definitions: z.array(adDefinitionSchema),
  placements: z.array(adPlacementSchema),
  network: z.object({ clientId: z.string() }).nullable(),
});
export type AdsConfig = z.infer<typeof adsConfigSchema>;

/** One impression or click a client saw; the server counts them in batches. */
export const adEventSchema = z.strictObject({
  adId: adIdSchema,
  placementId: adIdSchema,
  kind: z.enum(['impression', 'click']),
});
export type AdEvent = z.infer<typeof adEventSchema>;

/** `POST /ads/events`: answered 202 `{ accepted }` once counted; written with the next flush. */
export const adEventsBatchSchema = z.strictObject({
  events: z.array(adEventSchema).min(1).max(AD_EVENTS_BATCH_MAX),
});
export type AdEventsBatch = z.infer<typeof adEventsBatchSchema>;

/** Metrics of one ad (002 §3): ctr is clicks / impressions as a percentage, 0 with none. */
export const adMetricsSchema = z.object({
  adId: adIdSchema,
  impressions: z.number().int().nonnegative(),
  clicks: z.number().int().nonnegative(),
  ctr: z.number().nonnegative(),
  /** impressions / 1000 × price per thousand + clicks × price per click, in the currency's units. */
  revenue: z.number().nonnegative(),
  lastShown: z.iso.datetime().nullable(),
});
export type AdMetrics = z.infer<typeof adMetricsSchema>;

/**
 * `GET /ads/metrics` (owner), and the owner's live push (`ads:metrics`) with the same shape:
 * every ad's metrics, the prices revenue is computed from, and a version that only rises.
 */
export const adsMetricsReportSchema = z.object({
  ads: z.array(adMetricsSchema),
  totals: adMetricsSchema.omit({ adId: true, lastShown: true }),
  pricing: z.object({
    perThousandImpressions: z.number(),
    perClick: z.number(),
    currency: z.string(),
  }),
  version: z.number().int(),
});
export type AdsMetricsReport = z.infer<typeof adsMetricsReportSchema>;

/** The answer to `POST /ads/events` (202): how many events were counted. */
export const adEventsAcceptedSchema = z.object({ accepted: z.number().int().nonnegative() });
export type AdEventsAccepted = z.infer<typeof adEventsAcceptedSchema>;
