import { z } from 'zod';

export const privacySchema = z.enum(['public', 'friendsOnly', 'private']);
export type Privacy = z.infer<typeof privacySchema>;

/** Presence: online while a visible, active tab is connected; away when all are hidden or idle. */
export const presenceStatusSchema = z.enum(['online', 'away', 'offline']);
export type PresenceStatus = z.infer<typeof presenceStatusSchema>;

/** A member as other members see them in lists, cards and conversations. */
export const personSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  status: presenceStatusSchema,
  lastSeen: z.iso.datetime().nullable(),
  privacy: privacySchema,
});
export type Person = z.infer<typeof personSchema>;

export const privacyUpdateSchema = z.strictObject({ privacy: privacySchema });
