import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import {
  calendarMessages,
  eventFieldIssues,
  type CreateEvent,
  type EventDetails,
  type PatchEvent,
} from '../../../shared/calendar';
import type { NewEvent } from '../../../shared/events';
import { appendTo, defineCommand } from '../../core/command';
import { conflict, forbidden, invalid, notFound } from '../../core/errors';
import { lock, refuseUnless } from '../../core/guards';
import { exists, first, mapRead, rows, streamVersion, value } from '../../core/reads';
import { qb } from '../../db/statement';
import {
  communityId as communityRef,
  communityVisible,
  isCommunityMember,
} from '../communities/community-policy';
import { queueEmail, templateRead } from '../email/outbox';
import { eventCancelledTemplate } from '../email/templates';
import { member } from '../relations/relations-policy';
import { settingAllows } from '../settings/settings-read';
import { eventRows, eventVisibleTo } from './calendar-read';
import { presentEvent, statusOf, type CalendarEventRow } from './calendar-presenter';
import { formatStart } from './event-email';
import { attendanceStreamId, calendarEventStreamId, eventIdOrNone } from './streams';

const eventNotFound = () => notFound(calendarMessages.eventNotFound);
const eventFull = () => conflict('event-full', calendarMessages.eventFull);

/** Joins, capacity changes and the cancel of one event run one after another at commit. */
const capacityLock = (eventId: string) => lock(`calendar-capacity:${eventId}`);

/** The event as the viewer sees it, read after the write; null when they may not see it. */
export const eventReply = (eventId: string, viewerId: string) =>
  mapRead(
    first(eventRows(qb, viewerId).where('e.id', '=', eventId).where(eventVisibleTo(viewerId))),
    (row) => (row ? presentEvent(row as CalendarEventRow) : null),
  );

/** The event with what a decision on it needs; undefined when missing or not visible. */
const visibleEvent = (eventId: string, viewerId: string) =>
  mapRead(
    first(
      eventRows(qb, viewerId)
        .where('e.id', '=', eventIdOrNone(eventId))
        .where(eventVisibleTo(viewerId)),
    ),
    (row) => row as CalendarEventRow | undefined,
  );

function refuseInvalid(issues: Record<string, string>): void {
  const messages = Object.values(issues);
  if (messages.length > 0) throw invalid('validation', messages[0]!, issues);
}

/** The event's editable fields whole, as its events carry them. */
function detailsOf(row: CalendarEventRow): EventDetails {
  return {
    title: row.title,
    description: row.description,
    date: row.date,
    time: row.time,
    timeZone: row.time_zone,
    startsAt: row.starts_at.toISOString(),
    location: row.location,
    type: row.type,
    maxAttendees: row.max_attendees,
    tags: row.tags,
    registrationRequired: row.registration_required,
  };
}

/** A cancelled or started event takes no more changes, joins or leaves. */
function requireOpen(row: CalendarEventRow, now: Date): void {
  const status = statusOf(row, now);
  if (status === 'cancelled') throw conflict('event-cancelled', calendarMessages.cancelled);
  if (status === 'past') throw conflict('event-started', calendarMessages.alreadyStarted);
}

/**
 * Creates an event organized by the member. In a community, only its members may (one they may
 * not see reads as missing); the community's event count and the creator's activity there are
 * bumped by the projection.
 */
export const createEvent = defineCommand({
  name: 'calendar.create',
  load: (input: { organizerId: string; eventId: string; event: CreateEvent; now: Date }) => {
    const community = input.event.communityId;
    return {
      communityVisible: value(
        community === null
          ? sql<boolean>`true`
          : communityVisible(communityRef(community), member(input.organizerId)),
      ),
      communityMember: value(
        community === null
          ? sql<boolean>`true`
          : isCommunityMember(communityRef(community), member(input.organizerId)),
      ),
    };
  },
  decide(state, { organizerId, eventId, event, now }) {
    const { startsAt, issues } = eventFieldIssues(event, now);
    refuseInvalid(issues);
    if (!state.communityVisible) throw notFound(calendarMessages.communityNotFound);
    if (!state.communityMember) {
      throw forbidden('not-community-member', calendarMessages.notCommunityMember);
    }
    const { communityId, ...fields } = event;
    return {
      // Membership is a premise that may end meanwhile: checked again at commit.
      guards:
        communityId === null
          ? []
          : [
              refuseUnless(
                isCommunityMember(communityRef(communityId), member(organizerId)),
                forbidden('not-community-member', calendarMessages.notCommunityMember),
              ),
            ],
      appends: [
        appendTo(calendarEventStreamId(eventId), 0, [
          {
            type: 'CalendarEventCreated',
            data: {
              ...fields,
              startsAt: startsAt!.toISOString(),
              eventId,
              organizerId,
              hostName: null,
              communityId,
              isFeatured: false,
            },
          },
        ]),
      ],
      reply: eventReply(eventId, organizerId),
    };
  },
});

/**
 * Edits an event: its organizer, or a manager of its community. The fields whole are appended at
 * the version read; an edit that changes nothing appends nothing. A capacity below the members
 * already attending is refused, at commit too, under the lock joins take.
 */
export const editEvent = defineCommand({
  name: 'calendar.edit',
  load: (input: { userId: string; eventId: string; patch: PatchEvent; now: Date }) => ({
    version: streamVersion(calendarEventStreamId(eventIdOrNone(input.eventId))),
    row: visibleEvent(input.eventId, input.userId),
  }),
  decide({ version, row }, { userId, patch, now }) {
    if (!row) throw eventNotFound();
    if (!row.can_manage) throw forbidden('not-organizer', calendarMessages.notOrganizer);
    requireOpen(row, now);
    const current = detailsOf(row);
    const merged = { ...current, ...patch };
    const whenChanged =
      merged.date !== current.date ||
      merged.time !== current.time ||
      merged.timeZone !== current.timeZone;
    const { startsAt, issues } = eventFieldIssues(merged, now);
    // An event whose start stays as it was is not refused for the clock having moved on.
    if (!whenChanged) delete issues.date;
    refuseInvalid(issues);
    const next: EventDetails = {
      ...merged,
      startsAt: whenChanged ? startsAt!.toISOString() : current.startsAt,
    };
    const reply = eventReply(row.id, userId);
    if (isDeepStrictEqual(next, current)) return { reply };
    if (next.maxAttendees < row.attendees) {
      throw conflict('capacity-below-attendees', calendarMessages.capacityBelowAttendees);
    }
    return {
      guards:
        next.maxAttendees < current.maxAttendees
          ? [
              capacityLock(row.id),
              refuseUnless(
                sql<boolean>`(select attendees from calendar_events
                  where id = ${row.id}::uuid) <= ${next.maxAttendees}`,
                conflict('capacity-below-attendees', calendarMessages.capacityBelowAttendees),
              ),
            ]
          : [],
      appends: [
        appendTo(calendarEventStreamId(row.id), version, [
          { type: 'CalendarEventEdited', data: { ...next, eventId: row.id } },
        ]),
      ],
      reply,
    };
  },
});

export interface CancelConfig {
  publicUrl: string;
}

/**
 * Cancels an event (its organizer or a manager of its community); idempotent. Every attendee
 * who takes emails is told, in the same transaction. Taken under the joins' lock, so no join
 * commits after the attendee list was read without seeing the event cancelled.
 */
export function cancelCommand({ publicUrl }: CancelConfig) {
  return defineCommand({
    name: 'calendar.cancel',
    serialize: ({ eventId }: { userId: string; eventId: string; now: Date }) => [
      capacityLock(eventIdOrNone(eventId)),
    ],
    load: ({ userId, eventId }) => ({
      version: streamVersion(calendarEventStreamId(eventIdOrNone(eventId))),
      row: visibleEvent(eventId, userId),
      recipients: rows(
        qb
          .selectFrom('event_attendees as a')
          .innerJoin('users as u', 'u.id', 'a.user_id')
          .select('u.email')
          .where('a.event_id', '=', eventIdOrNone(eventId))
          .where('u.status', '=', 'active')
          .where(settingAllows(sql.ref('u.id'), 'email')),
      ),
      template: templateRead(eventCancelledTemplate.name),
    }),
    decide({ version, row, recipients, template }, { userId, now }) {
      if (!row) throw eventNotFound();
      if (!row.can_manage) throw forbidden('not-organizer', calendarMessages.notOrganizer);
      if (row.cancelled_at) return { result: undefined };
      if (statusOf(row, now) === 'past') {
        throw conflict('event-started', calendarMessages.alreadyStarted);
      }
      const data = {
        eventTitle: row.title,
        eventStart: formatStart(row),
        eventsUrl: `${publicUrl}/events`,
      };
      return {
        appends: [
          appendTo(calendarEventStreamId(row.id), version, [
            {
              type: 'CalendarEventCancelled',
              data: { eventId: row.id, communityId: row.community_id, cancelledBy: userId },
            },
          ]),
        ],
        effects: recipients.flatMap(({ email }) => queueEmail(template, email, data)),
        result: undefined,
      };
    },
  });
}

/** The member's place at the event and its count, read back after the write. */
const attendanceReply = (eventId: string, userId: string) =>
  mapRead(
    first(
      qb
        .selectFrom('calendar_events as e')
        .select([
          'e.id as eventId',
          'e.attendees',
          'e.max_attendees as maxAttendees',
          'e.version',
          sql<boolean>`exists (select 1 from event_attendees a
            where a.event_id = e.id and a.user_id = ${userId}::uuid)`.as('attending'),
        ])
        .where('e.id', '=', eventId),
    ),
    (found) => found ?? null,
  );

/**
 * Joins (Join Event, RSVP) or leaves an event the member may see; idempotent. Each member's
 * attendance of an event is its own stream, so different members never contend there; the
 * capacity is a rule across them, decided against the event's row at commit: under the event's
 * lock, the join is refused `409 Event Full` unless a seat is still free once every earlier join
 * committed (each statement reads the rows as committed when it runs). A cancelled or started
 * event refuses both, at commit as well. Only its community's members join a community event.
 */
export const setAttendance = defineCommand({
  name: 'calendar.attend',
  load: (input: { userId: string; eventId: string; attend: boolean; now: Date }) => ({
    version: streamVersion(attendanceStreamId(eventIdOrNone(input.eventId), input.userId)),
    row: visibleEvent(input.eventId, input.userId),
    attending: exists(
      qb
        .selectFrom('event_attendees')
        .where('event_id', '=', eventIdOrNone(input.eventId))
        .where('user_id', '=', input.userId),
    ),
  }),
  decide({ version, row, attending }, { userId, attend, now }) {
    if (!row) throw eventNotFound();
    const reply = attendanceReply(row.id, userId);
    requireOpen(row, now);
    if (attending === attend) return { reply };
    // A community's events are its members' to join (a public one's are anyone's to read).
    if (attend && !row.can_join) {
      throw forbidden('not-community-member', calendarMessages.joinCommunityFirst);
    }
    const stream = attendanceStreamId(row.id, userId);
    if (!attend) {
      return {
        appends: [
          appendTo(stream, version, [{ type: 'EventLeft', data: { eventId: row.id, userId } }]),
        ],
        reply,
      };
    }
    if (row.attendees >= row.max_attendees) throw eventFull();
    const joined: NewEvent = {
      type: 'EventJoined',
      data: { eventId: row.id, userId, communityId: row.community_id },
    };
    return {
      guards: [
        capacityLock(row.id),
        refuseUnless(
          sql<boolean>`exists (select 1 from calendar_events
            where id = ${row.id}::uuid and cancelled_at is null)`,
          conflict('event-cancelled', calendarMessages.cancelled),
        ),
        refuseUnless(
          sql<boolean>`exists (select 1 from calendar_events
            where id = ${row.id}::uuid and starts_at > now())`,
          conflict('event-started', calendarMessages.alreadyStarted),
        ),
        refuseUnless(
          sql<boolean>`exists (select 1 from calendar_events
            where id = ${row.id}::uuid and attendees < max_attendees)`,
          eventFull(),
        ),
        ...(row.community_id === null
          ? []
          : [
              refuseUnless(
                isCommunityMember(communityRef(row.community_id), member(userId)),
                forbidden('not-community-member', calendarMessages.joinCommunityFirst),
              ),
            ]),
      ],
      appends: [appendTo(stream, version, [joined])],
      reply,
    };
  },
});
