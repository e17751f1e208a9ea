import { z } from 'zod';
import { eventDetailsSchema } from '../calendar/schemas';

/**
 * Calendar events (`001` §2 Events, §3 Event, §4). Each event lives on `calendar-event-<id>`
 * (created, edited, cancelled, reminders sent); each member's attendance of it on
 * `calendar-attendance-<eventId>-<userId>`, so joins by different members never contend on a
 * stream and the capacity is held by a guard at commit instead.
 */
export const calendarEvents = {
  CalendarEventCreated: z.strictObject({
    ...eventDetailsSchema.shape,
    eventId: z.uuid(),
    /** Null for a seeded event, which names its host in `hostName` instead. */
    organizerId: z.uuid().nullable(),
    hostName: z.string().nullable(),
    communityId: z.uuid().nullable(),
    isFeatured: z.boolean(),
  }),
  /** The editable fields whole, as the organizer or a manager left them. */
  CalendarEventEdited: z.strictObject({ ...eventDetailsSchema.shape, eventId: z.uuid() }),
  CalendarEventCancelled: z.strictObject({
    eventId: z.uuid(),
    communityId: z.uuid().nullable(),
    cancelledBy: z.uuid().nullable(),
  }),
  EventJoined: z.strictObject({
    eventId: z.uuid(),
    userId: z.uuid(),
    communityId: z.uuid().nullable(),
  }),
  EventLeft: z.strictObject({ eventId: z.uuid(), userId: z.uuid() }),
  /** The reminder emails queued in the same transaction, one per member named. */
  EventRemindersSent: z.strictObject({ eventId: z.uuid(), userIds: z.array(z.uuid()).min(1) }),
};
