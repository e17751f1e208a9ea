/** The calendar's streams; all of category `calendar`. */
export const calendarEventStreamId = (eventId: string) => `calendar-event-${eventId}`;
export const attendanceStreamId = (eventId: string, userId: string) =>
  `calendar-attendance-${eventId}-${userId}`;

/** Ids that are not UUIDs name nothing: they read as a missing event, never a 500. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const NO_EVENT = '00000000-0000-0000-0000-000000000000';
export const eventIdOrNone = (id: string): string => (UUID.test(id) ? id.toLowerCase() : NO_EVENT);
