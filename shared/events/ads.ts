import { z } from 'zod';
import { adDefinitionSchema, adIdSchema, adPlacementSchema } from '../ads/schemas';

/** An ad definition whole, as the owner left it: every event of an ad carries all of it. */
const adDefinition = z.strictObject(adDefinitionSchema.omit({ version: true }).shape);
const adPlacement = z.strictObject(adPlacementSchema.omit({ version: true }).shape);

/**
 * The ad layer (002 §3 Advertising). Definitions and placements live on `ad-definition-<id>` and
 * `ad-placement-<id>`, seeded at start and edited by owners; each event carries the item whole,
 * so replay needs no merging. Counts live on `ad-metrics-<id>`: one event per ad and day per
 * flush of a process's counter, never one per impression.
 */
export const adEvents = {
  AdDefinitionCreated: adDefinition,
  AdDefinitionEdited: adDefinition,
  AdPlacementCreated: adPlacement,
  AdPlacementEdited: adPlacement,
  /** What one process counted for one ad on one (UTC) day since its last flush. */
  AdMetricsRecorded: z.strictObject({
    adId: adIdSchema,
    day: z.iso.date(),
    impressions: z.number().int().nonnegative(),
    clicks: z.number().int().nonnegative(),
    /** The last impression counted, null when only clicks were. */
    lastShown: z.iso.datetime().nullable(),
  }),
};
