import type { Selectable } from 'kysely';
import { calendarMessages, type CalendarEvent, type EventStatus } from '../../../shared/calendar';
import type { CalendarEventsTable } from '../../db/tables/calendar-events';

export type CalendarEventRow = Selectable<CalendarEventsTable> & {
  organizer_username: string | null;
  organizer_name: string | null;
  organizer_avatar: string | null;
  attending: boolean;
  can_manage: boolean;
  can_join: boolean;
  /** The database's clock when read: the status is derived at the same instant as the lists. */
  read_at: Date;
};

export function statusOf(
  row: Pick<CalendarEventRow, 'cancelled_at' | 'starts_at'>,
  now: Date,
): EventStatus {
  if (row.cancelled_at) return 'cancelled';
  return row.starts_at.getTime() <= now.getTime() ? 'past' : 'upcoming';
}

/** An event as one viewer sees it, for REST answers. */
export function presentEvent(row: CalendarEventRow): CalendarEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    date: row.date,
    time: row.time,
    timeZone: row.time_zone,
    startsAt: row.starts_at.toISOString(),
    location: row.location,
    type: row.type,
    attendees: row.attendees,
    maxAttendees: row.max_attendees,
    organizer: {
      id: row.organizer_id,
      username: row.organizer_id ? row.organizer_username : null,
      displayName:
        (row.organizer_id ? row.organizer_name : row.host_name) ?? calendarMessages.formerMember,
      avatar: row.organizer_id ? row.organizer_avatar : null,
    },
    tags: row.tags,
    isFeatured: row.is_featured,
    status: statusOf(row, row.read_at),
    registrationRequired: row.registration_required,
    communityId: row.community_id,
    attending: row.attending,
    canJoin: row.can_join,
    canManage: row.can_manage,
    createdAt: row.created_at.toISOString(),
    version: row.version,
  };
}
