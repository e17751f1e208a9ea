import { z } from 'zod';
import { idField } from '../api/ids';
import { text } from '../api/text';
import {
  EVENT_CAPACITY_MAX,
  EVENT_CAPACITY_MIN,
  EVENT_DESCRIPTION_MAX,
  EVENT_LOCATION_MAX,
  EVENT_SEARCH_MAX,
  EVENT_TAG_MAX,
  EVENT_TAGS_MAX,
  EVENT_TITLE_MAX,
  EVENTS_WATCHED_MAX,
} from './limits';
import { calendarMessages } from './messages';
import { isValidDate, isValidTime, isValidTimeZone } from './starts-at';

export const EVENT_TYPES = ['in-person', 'online'] as const;
export const eventTypeSchema = z.enum(EVENT_TYPES);
export type CalendarEventKind = z.infer<typeof eventTypeSchema>;

/** Derived when read: a cancelled event stays cancelled; otherwise its start decides. */
export const EVENT_STATUSES = ['upcoming', 'cancelled', 'past'] as const;
export const eventStatusSchema = z.enum(EVENT_STATUSES);
export type EventStatus = z.infer<typeof eventStatusSchema>;

export const EVENT_SCOPES = ['upcoming', 'past', 'mine'] as const;
export type EventScope = (typeof EVENT_SCOPES)[number];

/** A tag: trimmed, non-empty, no duplicates in one event, as posts' tags (`001` §5). */
const tag = text({
  trim: true,
  required: 'A tag cannot be blank',
  max: EVENT_TAG_MAX,
  maxMessage: `A tag is at most ${EVENT_TAG_MAX} characters`,
}).regex(/^[^\p{C}]+$/u, 'A tag cannot contain control characters');

const tags = z
  .array(tag)
  .max(EVENT_TAGS_MAX, `At most ${EVENT_TAGS_MAX} tags`)
  .transform((all) => [...new Set(all)]);

const eventFields = {
  title: text({
    error: calendarMessages.titleRequired,
    trim: true,
    required: calendarMessages.titleRequired,
    max: EVENT_TITLE_MAX,
  }),
  description: text({ trim: true, max: EVENT_DESCRIPTION_MAX }),
  date: text({ max: 10 }).refine(isValidDate, calendarMessages.dateInvalid),
  time: text({ max: 5 }).refine(isValidTime, calendarMessages.timeInvalid),
  timeZone: text({ max: 64 }).refine(isValidTimeZone, calendarMessages.timeZoneInvalid),
  location: text({ trim: true, max: EVENT_LOCATION_MAX }),
  type: eventTypeSchema,
  maxAttendees: z
    .number({ error: calendarMessages.capacityRange })
    .int(calendarMessages.capacityRange)
    .min(EVENT_CAPACITY_MIN, calendarMessages.capacityRange)
    .max(EVENT_CAPACITY_MAX, calendarMessages.capacityRange),
  tags,
  registrationRequired: z.boolean(),
};

/**
 * `POST /events`. The start is the date and time in the creator's time zone; whether it is in
 * the past, and the location rule of its type, are checked with `eventFieldIssues` (the server's
 * decision and the form alike).
 */
export const createEventSchema = z.strictObject({
  title: eventFields.title,
  description: eventFields.description.default(''),
  date: eventFields.date,
  time: eventFields.time,
  timeZone: eventFields.timeZone,
  location: eventFields.location.default(''),
  type: eventFields.type,
  maxAttendees: eventFields.maxAttendees,
  tags: eventFields.tags.default([]),
  registrationRequired: eventFields.registrationRequired.default(false),
  communityId: idField().nullable().default(null),
});
export type CreateEvent = z.output<typeof createEventSchema>;

/** `PATCH /events/{id}`: only the fields sent change; the community stays. */
export const patchEventSchema = z
  .strictObject({
    title: eventFields.title.optional(),
    description: eventFields.description.optional(),
    date: eventFields.date.optional(),
    time: eventFields.time.optional(),
    timeZone: eventFields.timeZone.optional(),
    location: eventFields.location.optional(),
    type: eventFields.type.optional(),
    maxAttendees: eventFields.maxAttendees.optional(),
    tags: eventFields.tags.optional(),
    registrationRequired: eventFields.registrationRequired.optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: calendarMessages.nothingToChange });
export type PatchEvent = z.output<typeof patchEventSchema>;

/** The editable fields of an event whole, as its events carry them. */
export const eventDetailsSchema = z.strictObject({
  title: z.string(),
  description: z.string(),
  date: z.string(),
  time: z.string(),
  timeZone: z.string(),
  startsAt: z.iso.datetime(),
  location: z.string(),
  type: eventTypeSchema,
  maxAttendees: z.number().int(),
  tags: z.array(z.string()),
  registrationRequired: z.boolean(),
});
export type EventDetails = z.infer<typeof eventDetailsSchema>;

export const eventsQuerySchema = z.strictObject({
  scope: z.enum(EVENT_SCOPES).default('upcoming'),
  communityId: idField().optional(),
  q: text({ trim: true, max: EVENT_SEARCH_MAX }).optional(),
});
export type EventsQuery = z.output<typeof eventsQuerySchema>;

export const eventOrganizerSchema = z.object({
  /** Null for the seeded events and for an organizer whose account was deleted. */
  id: z.uuid().nullable(),
  username: z.string().nullable(),
  displayName: z.string(),
  avatar: z.string().nullable(),
});

export const calendarEventSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  time: z.string(),
  timeZone: z.string(),
  startsAt: z.iso.datetime(),
  location: z.string(),
  type: eventTypeSchema,
  attendees: z.number().int(),
  maxAttendees: z.number().int(),
  organizer: eventOrganizerSchema,
  tags: z.array(z.string()),
  isFeatured: z.boolean(),
  status: eventStatusSchema,
  registrationRequired: z.boolean(),
  communityId: z.uuid().nullable(),
  /** The viewer is among the attendees. */
  attending: z.boolean(),
  /** The viewer may join it: any member outside communities, its members inside one. */
  canJoin: z.boolean(),
  /** The viewer may edit and cancel it (its organizer, or a manager of its community). */
  canManage: z.boolean(),
  createdAt: z.iso.datetime(),
  version: z.number().int(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const eventListSchema = z.object({ events: z.array(calendarEventSchema) });
export type EventList = z.infer<typeof eventListSchema>;

/** What a join or a leave answers: the viewer's place and the absolute count, versioned. */
export const attendanceStateSchema = z.object({
  eventId: z.uuid(),
  attending: z.boolean(),
  attendees: z.number().int(),
  maxAttendees: z.number().int(),
  version: z.number().int(),
});
export type AttendanceState = z.infer<typeof attendanceStateSchema>;

/** `events:watch`: the events on screen, and whether the screen lists events (/events). */
export const watchEventsSchema = z.strictObject({
  eventIds: z.array(z.uuid()).max(EVENTS_WATCHED_MAX),
});

/** `event:attendees` to an event's watchers and its community's room: absolute and versioned. */
export const eventAttendeesPayloadSchema = z.object({
  eventId: z.uuid(),
  attendees: z.number().int(),
  maxAttendees: z.number().int(),
  version: z.number().int(),
});
export type EventAttendeesPayload = z.infer<typeof eventAttendeesPayloadSchema>;

/** `event:created`, `event:changed`, `event:cancelled`: refetch; what each viewer sees differs. */
export const eventChangedPayloadSchema = z.object({
  eventId: z.uuid(),
  communityId: z.uuid().nullable(),
  version: z.number().int(),
});
export type EventChangedPayload = z.infer<typeof eventChangedPayloadSchema>;

export const CALENDAR_SOCKET_EVENTS = {
  /** Client to server: the events on screen (`watchEventsSchema`). */
  watch: 'events:watch',
  /** Client to server: `{ listing: boolean }`, while /events shows the lists. */
  list: 'events:list',
  attendees: 'event:attendees',
  created: 'event:created',
  changed: 'event:changed',
  cancelled: 'event:cancelled',
} as const;

export const listEventsSignalSchema = z.strictObject({ listing: z.boolean() });
