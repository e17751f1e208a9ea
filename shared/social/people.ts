import { z } from 'zod';
import { text } from '../api/text';
import { emailField } from '../auth/schemas';
import { PEOPLE_SEARCH_LIMIT, SEARCH_QUERY_MAX } from './limits';

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

/** Search by name (`q`; blank finds nobody) or look one member up by exact email, not both. */
export const peopleSearchQuerySchema = z
  .strictObject({
    q: text({ trim: true, max: SEARCH_QUERY_MAX }).optional(),
    email: emailField.optional(),
    _limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(PEOPLE_SEARCH_LIMIT.max)
      .default(PEOPLE_SEARCH_LIMIT.default),
  })
  .refine((query) => query.q === undefined || query.email === undefined, {
    message: 'Search by name or by email, not both',
    path: ['email'],
  });
export type PeopleSearchQuery = z.input<typeof peopleSearchQuerySchema>;

export const privacyUpdateSchema = z.strictObject({ privacy: privacySchema });
