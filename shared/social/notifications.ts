import { z } from 'zod';
import { text } from '../api/text';

/** Kinds of notification; follows join with the feature that raises them. */
export const notificationTypeSchema = z.enum([
  'friend_request_received',
  'friend_request_accepted',
  'post_liked',
  'post_commented',
  'post_shared',
  'moderation_notice',
  'community_invitation',
  'discussion_replied',
  'mention',
  'repost',
  'quote',
  'missed_call',
]);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const deliveryPreferenceSchema = z.strictObject({ inApp: z.boolean(), email: z.boolean() });

export const notificationPreferencesSchema = z.strictObject({
  friend_request_received: deliveryPreferenceSchema,
  friend_request_accepted: deliveryPreferenceSchema,
  post_liked: deliveryPreferenceSchema,
  post_commented: deliveryPreferenceSchema,
  post_shared: deliveryPreferenceSchema,
  /** Added with moderation: preferences saved before it take the default. */
  moderation_notice: deliveryPreferenceSchema.default({ inApp: true, email: true }),
  community_invitation: deliveryPreferenceSchema.default({ inApp: true, email: true }),
  /** Added with community discussions: preferences saved before it take the default. */
  discussion_replied: deliveryPreferenceSchema.default({ inApp: true, email: true }),
  /** Added with @mentions: preferences saved before it take the default. */
  mention: deliveryPreferenceSchema.default({ inApp: true, email: true }),
  /**
   * Added with reposts and quotes, by email only when the member turns it on: preferences saved
   * before take these.
   */
  repost: deliveryPreferenceSchema.default({ inApp: true, email: false }),
  quote: deliveryPreferenceSchema.default({ inApp: true, email: false }),
  /** Added with calls, told in the app only: preferences saved before take the default. */
  missed_call: deliveryPreferenceSchema.default({ inApp: true, email: false }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** Email on by default, as the settings defaults of 002 §4 have it. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  friend_request_received: { inApp: true, email: true },
  friend_request_accepted: { inApp: true, email: true },
  post_liked: { inApp: true, email: true },
  post_commented: { inApp: true, email: true },
  post_shared: { inApp: true, email: true },
  moderation_notice: { inApp: true, email: true },
  community_invitation: { inApp: true, email: true },
  discussion_replied: { inApp: true, email: true },
  mention: { inApp: true, email: true },
  repost: { inApp: true, email: false },
  quote: { inApp: true, email: false },
  missed_call: { inApp: true, email: false },
};

export const notificationActorSchema = z.object({
  id: z.uuid(),
  displayName: z.string(),
  avatar: z.string().nullable(),
});

export const notificationSchema = z.object({
  id: z.uuid(),
  type: notificationTypeSchema,
  /** Grouped text, e.g. "Ana and 3 others sent you friend requests". */
  title: z.string(),
  content: z.string(),
  timestamp: z.iso.datetime(),
  read: z.boolean(),
  priority: z.enum(['low', 'normal', 'high']),
  category: z.literal('social'),
  actionUrl: z.string(),
  actionData: z.record(z.string(), z.unknown()),
  securityLevel: z.literal('standard'),
  actors: z.array(notificationActorSchema),
  actorCount: z.number().int().positive(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The `nextCursor` of the page before: base64url, decoded and checked by the read. */
export const notificationsQuerySchema = z.strictObject({
  cursor: text({ max: 200 })
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor')
    .optional(),
});

export const notificationsPageSchema = z.object({
  notifications: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;
