import type { EventAttendeesPayload, EventList } from '../../../shared/calendar';

/**
 * An event's count in a cached list, applied only when newer than what the list holds: pushes
 * and answers arrive in any order, and the version of the event's row orders them. Whether the
 * viewer attends changes only with their own answers (`attending`), never with a push. Answers
 * whether anything changed.
 */
export function applyAttendees(
  list: EventList,
  state: EventAttendeesPayload & { attending?: boolean },
): boolean {
  const event = list.events.find((e) => e.id === state.eventId);
  if (!event || event.version >= state.version) return false;
  event.attendees = state.attendees;
  event.maxAttendees = state.maxAttendees;
  event.version = state.version;
  if (state.attending !== undefined) event.attending = state.attending;
  return true;
}

/**
 * The RSVP button's reading. At capacity it reads full for everyone, attendees included (`001`
 * §2: the button reads Event Full when attendees reach the maximum); an attendee then leaves with
 * a control of its own.
 */
export function rsvpState(event: {
  attending: boolean;
  attendees: number;
  maxAttendees: number;
  status: string;
}): 'leave' | 'full' | 'join' | 'closed' {
  if (event.status !== 'upcoming') return 'closed';
  if (event.attendees >= event.maxAttendees) return 'full';
  return event.attending ? 'leave' : 'join';
}
