import { z } from 'zod';
import { PROFILES_WATCHED_MAX } from './limits';
import { memberSettingsSchema, profileStatsSchema } from './schemas';

/** Socket feature `profiles:watch`: the profiles whose stats and header a tab shows live. */
export const watchProfilesSchema = z.strictObject({
  userIds: z.array(z.uuid()).max(PROFILES_WATCHED_MAX),
});
export const watchProfilesAckSchema = z.object({
  watching: z.array(z.uuid()),
  error: z.string().optional(),
});

/** `profile:stats` to the watchers of a profile: absolute counts with the member stream's version. */
export const profileStatsPayloadSchema = z.object({
  userId: z.uuid(),
  stats: profileStatsSchema,
  version: z.number().int().nonnegative(),
});
export type ProfileStatsPayload = z.infer<typeof profileStatsPayloadSchema>;

/** `profile:changed` to the watchers: refetch the profile (what each may see differs). */
export const profileChangedPayloadSchema = z.object({
  userId: z.uuid(),
  version: z.number().int().nonnegative(),
});

/** `settings:changed` to the member's own tabs: theme and font size follow them at once. */
export const settingsChangedPayloadSchema = memberSettingsSchema;

export const profileLiveEvents = {
  stats: 'profile:stats',
  changed: 'profile:changed',
  settings: 'settings:changed',
  watch: 'profiles:watch',
} as const;
