import {
  CALENDAR_SOCKET_EVENTS,
  EVENTS_WATCHED_MAX,
  listEventsSignalSchema,
  watchEventsSchema,
} from '../../../shared/calendar';
import type { ListenDeps, SocketFeature } from '../../realtime/socket-feature';
import { createWatchFeature } from '../../realtime/watch-feature';
import { visibleEventIds } from './calendar-read';
import { eventWatchRooms, EVENTS_LIST_ROOM } from './calendar-rooms';

/** `events:watch`: a socket follows the attendee counts of the events on its screen it may see. */
export function createEventWatchFeature({
  db,
  logger,
}: Pick<ListenDeps, 'db' | 'logger'>): SocketFeature {
  return createWatchFeature({
    name: 'event-watch',
    event: CALENDAR_SOCKET_EVENTS.watch,
    parse: (payload) => watchEventsSchema.safeParse(payload).data?.eventIds ?? null,
    invalid: `A watch is { eventIds }: at most ${EVENTS_WATCHED_MAX} event ids`,
    allowed: (userId, eventIds) => visibleEventIds(db, userId, eventIds),
    rooms: eventWatchRooms,
    logger,
  });
}

/**
 * `events:list` `{ listing }`: a socket showing /events hears of events created, changed and
 * cancelled outside communities (every member may see those), to refetch its lists.
 */
export const eventsListFeature: SocketFeature = {
  name: 'events-list',
  tokenScope: 'read',
  attach(socket) {
    socket.on(CALENDAR_SOCKET_EVENTS.list, (payload: unknown) => {
      const signal = listEventsSignalSchema.safeParse(payload);
      if (!signal.success) return;
      if (signal.data.listing) void socket.join(EVENTS_LIST_ROOM);
      else void socket.leave(EVENTS_LIST_ROOM);
    });
  },
};
