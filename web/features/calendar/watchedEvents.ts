import { CALENDAR_SOCKET_EVENTS, EVENTS_WATCHED_MAX } from '../../../shared/calendar';
import { createWatchSet } from '../../lib/watchSet';

/** The live channel loads after the first page; watching events must not pull it in. */
const emit = (event: string, payload: unknown) => {
  void import('../connection/realtime').then(({ emitSocketEvent }) =>
    emitSocketEvent(event, payload),
  );
};

/** The events on screen, from every screen that shows some, told to the server as one list. */
export const watchedEvents = createWatchSet(
  (eventIds) => emit(CALENDAR_SOCKET_EVENTS.watch, { eventIds }),
  EVENTS_WATCHED_MAX,
);

/** How many /events pages list events now (one, or none); the server hears on and off. */
let listing = 0;

export const eventsListing = {
  start(): () => void {
    listing += 1;
    if (listing === 1) emit(CALENDAR_SOCKET_EVENTS.list, { listing: true });
    return () => {
      listing -= 1;
      if (listing === 0) emit(CALENDAR_SOCKET_EVENTS.list, { listing: false });
    };
  },
  /** A new connection knows nothing of what this client listed. */
  resend(): void {
    if (listing > 0) emit(CALENDAR_SOCKET_EVENTS.list, { listing: true });
  },
};
