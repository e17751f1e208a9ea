import {
  CALENDAR_SOCKET_EVENTS,
  eventAttendeesPayloadSchema,
  eventChangedPayloadSchema,
} from '../../../shared/calendar';
import type { LiveFeature, PushHandler } from '../connection';
import { calendarApi } from './calendarApi';
import { attendeesReceived } from './calendarCache';
import { CALENDAR_LIVE_FEATURE } from './calendarLiveName';
import { eventsListing, watchedEvents } from './watchedEvents';

/** An event created, changed or cancelled: the lists refetch, as what each viewer sees differs. */
const refetchLists: PushHandler = (payload, dispatch) => {
  if (eventChangedPayloadSchema.safeParse(payload).success) {
    dispatch(calendarApi.util.invalidateTags(['CalendarEvents']));
  }
};

/**
 * Pushes about events on screen (/events, a community hub): attendee counts are absolute and
 * versioned, the same for every viewer, so they patch the cached lists; the rest refetches.
 */
export const calendarLive: LiveFeature = {
  name: CALENDAR_LIVE_FEATURE,
  handlers: {
    [CALENDAR_SOCKET_EVENTS.attendees]: (payload, dispatch) => {
      const parsed = eventAttendeesPayloadSchema.safeParse(payload);
      if (parsed.success) dispatch(attendeesReceived(parsed.data));
    },
    [CALENDAR_SOCKET_EVENTS.created]: refetchLists,
    [CALENDAR_SOCKET_EVENTS.changed]: refetchLists,
    [CALENDAR_SOCKET_EVENTS.cancelled]: refetchLists,
  },
  // Pushes missed while away are lost: the lists load again, and the new connection hears
  // which events to follow.
  resync(dispatch) {
    dispatch(calendarApi.util.invalidateTags(['CalendarEvents']));
    watchedEvents.resend();
    eventsListing.resend();
  },
};
