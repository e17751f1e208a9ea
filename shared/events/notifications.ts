import { z } from 'zod';
import { notificationPreferencesSchema } from '../social/notifications';

/** One stream per member, `notifications-<userId>`. Notifications themselves are projected. */
export const notificationEvents = {
  NotificationRead: z.strictObject({ userId: z.uuid(), notificationId: z.uuid() }),
  AllNotificationsRead: z.strictObject({ userId: z.uuid() }),
  NotificationPreferencesChanged: z.strictObject({
    userId: z.uuid(),
    /** Types added later are absent from earlier events; reads fill them with the defaults. */
    preferences: notificationPreferencesSchema.partial(),
  }),
};
