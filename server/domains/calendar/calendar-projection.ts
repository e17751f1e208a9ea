import { sql, type RawBuilder } from 'kysely';
import type { EventData, EventType } from '../../../shared/events';
import { statement, type Statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';

export const calendarEventTypes = [
  'CalendarEventCreated',
  'CalendarEventEdited',
  'CalendarEventCancelled',
  'EventJoined',
  'EventLeft',
  'EventRemindersSent',
  'AccountDeleted',
] as const satisfies readonly EventType[];

const detailColumns = (d: EventData<'CalendarEventEdited'>) => sql`
  title = ${d.title}, description = ${d.description}, date = ${d.date}, time = ${d.time},
  time_zone = ${d.timeZone}, starts_at = ${d.startsAt}::timestamptz, location = ${d.location},
  type = ${d.type}, max_attendees = ${d.maxAttendees}, tags = ${d.tags}::text[],
  registration_required = ${d.registrationRequired}`;

/** A community event's activity: its creator or attendee was active there at this time. */
const touchMember = (communityId: string | null, userId: string | null, at: Date): Statement[] =>
  communityId === null || userId === null
    ? []
    : [
        statement(sql`update community_members set last_active_at = ${at}::timestamptz
          where community_id = ${communityId}::uuid and user_id = ${userId}::uuid
            and (last_active_at is null or last_active_at < ${at}::timestamptz)`),
      ];

/*
 * The attendee count changes by exactly the rows a statement wrote (a CTE inserts or deletes and
 * returns one row per change), under the event row's lock, as posts count likes: concurrent joins
 * never lose a count, and a rebuild reproduces it. A community's `event_count` (owned by the
 * communities domain) counts its events not cancelled: bumped on create, un-bumped on cancel,
 * whichever way the cancel came.
 */

/**
 * Calendar events and their attendees. Times come from the events, so a rebuild is identical.
 * A deleted member's attendances go (the counts drop); the events they organized lose their
 * organizer, and those not started yet are cancelled: attendees keep seeing them, cancelled,
 * without the name.
 */
export const calendarProjection: Projection = {
  name: 'calendar',
  tables: ['calendar_events', 'event_attendees'],
  handles: calendarEventTypes,
  project(event) {
    switch (event.type) {
      case 'CalendarEventCreated': {
        const d = event.data;
        return [
          statement(sql`insert into calendar_events (id, title, description, date, time,
              time_zone, starts_at, location, type, max_attendees, organizer_id, host_name, tags,
              is_featured, registration_required, community_id, created_at, version)
            values (${d.eventId}::uuid, ${d.title}, ${d.description}, ${d.date}, ${d.time},
              ${d.timeZone}, ${d.startsAt}::timestamptz, ${d.location}, ${d.type},
              ${d.maxAttendees}, ${d.organizerId}::uuid, ${d.hostName}, ${d.tags}::text[],
              ${d.isFeatured}, ${d.registrationRequired}, ${d.communityId}::uuid,
              ${event.occurredAt}::timestamptz, 1)
            on conflict (id) do nothing`),
          ...(d.communityId === null
            ? []
            : [
                statement(sql`update communities set event_count = event_count + 1,
                    version = version + 1
                  where id = ${d.communityId}::uuid`),
              ]),
          ...touchMember(d.communityId, d.organizerId, event.occurredAt),
        ];
      }
      case 'CalendarEventEdited':
        return [
          statement(sql`update calendar_events set ${detailColumns(event.data)},
              version = version + 1
            where id = ${event.data.eventId}::uuid`),
        ];
      case 'CalendarEventCancelled':
        return cancelStatements(
          sql<boolean>`id = ${event.data.eventId}::uuid`,
          event.occurredAt,
          sql`e.organizer_id`,
          false,
        );
      case 'EventJoined': {
        const { eventId, userId, communityId } = event.data;
        return [
          statement(sql`with changed as (
              insert into event_attendees (event_id, user_id, joined_at)
              select ${eventId}::uuid, ${userId}::uuid, ${event.occurredAt}::timestamptz
              where exists (select 1 from calendar_events where id = ${eventId}::uuid)
              on conflict do nothing returning 1)
            update calendar_events set attendees = attendees + (select count(*) from changed)::int,
              version = version + 1
            where id = ${eventId}::uuid and exists (select 1 from changed)`),
          ...touchMember(communityId, userId, event.occurredAt),
        ];
      }
      case 'EventLeft': {
        const { eventId, userId } = event.data;
        return [
          statement(sql`with changed as (
              delete from event_attendees
              where event_id = ${eventId}::uuid and user_id = ${userId}::uuid returning 1)
            update calendar_events set attendees = attendees - (select count(*) from changed)::int,
              version = version + 1
            where id = ${eventId}::uuid and exists (select 1 from changed)`),
        ];
      }
      case 'EventRemindersSent':
        return [
          statement(sql`update event_attendees set reminded_at = ${event.occurredAt}::timestamptz
            where event_id = ${event.data.eventId}::uuid
              and user_id = any(${event.data.userIds}::uuid[]) and reminded_at is null`),
        ];
      case 'AccountDeleted': {
        const userId = event.data.userId;
        return [
          statement(sql`with gone as (
              delete from event_attendees where user_id = ${userId}::uuid returning event_id
            ), n as (select event_id, count(*)::int as n from gone group by event_id)
            update calendar_events e set attendees = e.attendees - n.n, version = e.version + 1
            from n where e.id = n.event_id`),
          ...cancelStatements(
            sql<boolean>`organizer_id = ${userId}::uuid`,
            event.occurredAt,
            sql`null::uuid`,
            true,
          ),
        ];
      }
      default:
        return [];
    }
  },
};

/**
 * Cancels the events `which` names that are still open, and takes each community event it
 * cancelled off its community's count, in one statement, so the count drops by exactly those.
 * `organizer` is what the organizer becomes (kept, or cleared for a deleted member). For a
 * deleted member's events (`upcomingOnly`), those already held stay past, only redacted.
 */
function cancelStatements(
  which: RawBuilder<boolean>,
  at: Date,
  organizer: RawBuilder<unknown>,
  upcomingOnly: boolean,
): Statement[] {
  const closes = upcomingOnly
    ? sql<boolean>`(cancelled_at is null and starts_at > ${at}::timestamptz)`
    : sql<boolean>`(cancelled_at is null)`;
  return [
    statement(sql`with target as (
        select id, community_id, ${closes} as closes from calendar_events where ${which}
        for update
      ), changed as (
        update calendar_events e
        set cancelled_at = case when t.closes then ${at}::timestamptz else e.cancelled_at end,
          organizer_id = ${organizer}, version = e.version + 1
        from target t where e.id = t.id
        returning t.community_id, t.closes
      ), n as (select community_id, count(*)::int as n from changed
        where closes and community_id is not null group by community_id)
      update communities c set event_count = c.event_count - n.n, version = c.version + 1
      from n where c.id = n.community_id`),
  ];
}
