import type { Server } from 'socket.io';
import {
  CALENDAR_SOCKET_EVENTS,
  type EventAttendeesPayload,
  type EventChangedPayload,
} from '../../../shared/calendar';
import type { Pusher } from '../../realtime/pusher';
import { communityRoom } from '../communities/community-rooms';
import { eventRoom, EVENTS_LIST_ROOM } from './calendar-rooms';

type ChangeKind = 'created' | 'changed' | 'cancelled';

const hasSockets = (io: Server, room: string) =>
  (io.sockets.adapter.rooms.get(room)?.size ?? 0) > 0;

/** Where an event's news goes: its watchers, and its community's hub or the /events lists. */
function roomsOf(eventId: string, communityId: string | null): string[] {
  return [eventRoom(eventId), communityId ? communityRoom(communityId) : EVENTS_LIST_ROOM];
}

/**
 * After commit: `event:attendees` (absolute, with the event row's version) when members joined or
 * left, to the event's watchers and its community's hub; `event:created`, `event:changed` and
 * `event:cancelled` to the same, or to the open /events lists for an event outside communities.
 * The counts are the same for every viewer, so one read serves all; the rest only says "refetch",
 * since what each viewer sees of an event (attending, may manage) differs. Rows are read only for
 * events someone here is watching.
 */
export function createCalendarPusher(): Pusher {
  return {
    name: 'calendar',
    async push(events, io, db) {
      const counted = new Set<string>();
      const changes = new Map<string, ChangeKind>();
      for (const event of events) {
        switch (event.type) {
          case 'EventJoined':
          case 'EventLeft':
            counted.add(event.data.eventId);
            break;
          case 'CalendarEventCreated':
            changes.set(event.data.eventId, 'created');
            break;
          case 'CalendarEventEdited':
            if (!changes.has(event.data.eventId)) changes.set(event.data.eventId, 'changed');
            break;
          case 'CalendarEventCancelled':
            changes.set(event.data.eventId, 'cancelled');
            break;
          default:
            break;
        }
      }
      const ids = [...new Set([...counted, ...changes.keys()])];
      if (ids.length === 0) return;
      const rows = await db
        .selectFrom('calendar_events')
        .select(['id', 'attendees', 'max_attendees', 'version', 'community_id'])
        .where('id', 'in', ids)
        .execute();
      for (const row of rows) {
        const rooms = roomsOf(row.id, row.community_id).filter((room) => hasSockets(io, room));
        if (rooms.length === 0) continue;
        const kind = changes.get(row.id);
        if (kind) {
          const payload: EventChangedPayload = {
            eventId: row.id,
            communityId: row.community_id,
            version: row.version,
          };
          io.local.to(rooms).emit(CALENDAR_SOCKET_EVENTS[kind], payload);
        }
        if (counted.has(row.id)) {
          const payload: EventAttendeesPayload = {
            eventId: row.id,
            attendees: row.attendees,
            maxAttendees: row.max_attendees,
            version: row.version,
          };
          io.local.to(rooms).emit(CALENDAR_SOCKET_EVENTS.attendees, payload);
        }
      }
    },
  };
}
