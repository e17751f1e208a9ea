import { watchRooms } from '../../realtime/watch-rooms';

/** The sockets showing an event (its card, on /events or a community hub) are in `event:<id>`. */
export const eventWatchRooms = watchRooms('event:');
export const eventRoom = eventWatchRooms.room;

/**
 * The sockets of open /events pages: told when an event outside any community is created,
 * changed or cancelled, to refetch their lists. Only pages listing events hear it, not every
 * member's socket; a community's events go to its hub's room instead.
 */
export const EVENTS_LIST_ROOM = 'events:list';
