import { calendarMessages, createEventSchema, startsAtOf } from '../../shared/calendar';
import {
  cancelCommand,
  createEvent,
  editEvent,
  setAttendance,
} from '../../server/domains/calendar/commands';
import type { CalendarEventRow } from '../../server/domains/calendar/calendar-presenter';
import { remindersCommand } from '../../server/domains/calendar/reminders';
import {
  eventCancelledTemplate,
  eventReminderTemplate,
} from '../../server/domains/email/templates';
import { ANA, BEN, by, decide, refusal, refusedAs, storedTemplate } from './support/decide';

const EVENT = '40000000-0000-4000-8000-000000000001';
const COMMUNITY = '50000000-0000-4000-8000-000000000001';
const NOW = new Date('2027-05-01T12:00:00.000Z');

const row = (fields: Partial<CalendarEventRow> = {}): CalendarEventRow => ({
  id: EVENT,
  title: 'Picnic',
  description: '',
  date: '2027-05-10',
  time: '12:00',
  time_zone: 'UTC',
  starts_at: new Date('2027-05-10T12:00:00.000Z'),
  location: 'The park',
  type: 'in-person',
  max_attendees: 2,
  attendees: 0,
  organizer_id: ANA,
  host_name: null,
  tags: [],
  is_featured: false,
  registration_required: false,
  community_id: null,
  cancelled_at: null,
  created_at: new Date('2027-04-01T00:00:00.000Z'),
  version: 1,
  organizer_username: 'ana',
  organizer_name: 'Ana',
  organizer_avatar: null,
  attending: false,
  can_manage: true,
  can_join: true,
  read_at: NOW,
  ...fields,
});

const body = (fields: Record<string, unknown> = {}) =>
  createEventSchema.parse({
    title: 'Picnic',
    date: '2027-05-10',
    time: '12:00',
    timeZone: 'Europe/Paris',
    location: 'The park',
    type: 'in-person',
    maxAttendees: 20,
    ...fields,
  });

describe('calendar.create', () => {
  it('appends the event with its UTC start, in the creator’s time zone', async () => {
    const decided = await decide(
      createEvent,
      { communityVisible: true, communityMember: true },
      { organizerId: ANA, eventId: EVENT, event: body(), now: NOW },
      by(ANA),
    );
    expect(decided.appends).toEqual([
      { streamId: `calendar-event-${EVENT}`, expectedVersion: 0, types: ['CalendarEventCreated'] },
    ]);
    expect(decided.events[0]!.data).toMatchObject({
      startsAt: '2027-05-10T10:00:00.000Z',
      organizerId: ANA,
      isFeatured: false,
      communityId: null,
    });
  });

  it('refuses a start in the past, a community one may not see, and a non-member', async () => {
    const given = { communityVisible: true, communityMember: true };
    expect(
      await refusal(createEvent, given, {
        organizerId: ANA,
        eventId: EVENT,
        event: body({ date: '2027-04-30' }),
        now: NOW,
      }),
    ).toEqual(
      refusedAs.invalid('validation', calendarMessages.inPast, { date: calendarMessages.inPast }),
    );
    const inCommunity = {
      organizerId: ANA,
      eventId: EVENT,
      event: body({ communityId: COMMUNITY }),
      now: NOW,
    };
    expect(
      await refusal(createEvent, { communityVisible: false, communityMember: false }, inCommunity),
    ).toEqual(refusedAs.notFound(calendarMessages.communityNotFound));
    expect(
      await refusal(createEvent, { communityVisible: true, communityMember: false }, inCommunity),
    ).toEqual(refusedAs.forbidden('not-community-member', calendarMessages.notCommunityMember));
  });
});

describe('calendar.attend', () => {
  const join = { userId: BEN, eventId: EVENT, attend: true, now: NOW };

  it('joins with the capacity guarded at commit, under the event’s lock', async () => {
    const decided = await decide(setAttendance, { version: 0, row: row(), attending: false }, join);
    expect(decided.appends).toEqual([
      {
        streamId: `calendar-attendance-${EVENT}-${BEN}`,
        expectedVersion: 0,
        types: ['EventJoined'],
      },
    ]);
    // The lock, then: not cancelled, not started, a seat free.
    expect(decided.guards).toBe(4);
    const inCommunity = await decide(
      setAttendance,
      { version: 0, row: row({ community_id: COMMUNITY }), attending: false },
      join,
    );
    // And still a member of the community, at commit.
    expect(inCommunity.guards).toBe(5);
    expect(decided.reply).toBe(true);
  });

  it('is idempotent, and leaves without a guard', async () => {
    const again = await decide(setAttendance, { version: 1, row: row(), attending: true }, join);
    expect([again.appends, again.reply]).toEqual([[], true]);
    const left = await decide(
      setAttendance,
      { version: 1, row: row({ attendees: 2 }), attending: true },
      { ...join, attend: false },
    );
    expect([left.appends[0]!.types, left.guards]).toEqual([['EventLeft'], 0]);
  });

  it("refuses 'Event Full', a cancelled or started event, and a community's outsider", async () => {
    const full = row({ attendees: 2 });
    expect(await refusal(setAttendance, { version: 0, row: full, attending: false }, join)).toEqual(
      refusedAs.conflict('event-full', 'Event Full'),
    );
    const cancelled = row({ cancelled_at: NOW });
    expect(
      await refusal(setAttendance, { version: 0, row: cancelled, attending: false }, join),
    ).toEqual(refusedAs.conflict('event-cancelled', calendarMessages.cancelled));
    const started = row({ starts_at: new Date('2027-05-01T11:00:00.000Z') });
    expect(
      await refusal(setAttendance, { version: 0, row: started, attending: false }, join),
    ).toEqual(refusedAs.conflict('event-started', calendarMessages.alreadyStarted));
    const outsider = row({ community_id: COMMUNITY, can_join: false });
    expect(
      await refusal(setAttendance, { version: 0, row: outsider, attending: false }, join),
    ).toEqual(refusedAs.forbidden('not-community-member', calendarMessages.joinCommunityFirst));
    expect(
      await refusal(setAttendance, { version: 0, row: undefined, attending: false }, join),
    ).toEqual(refusedAs.notFound(calendarMessages.eventNotFound));
  });
});

describe('calendar.edit', () => {
  const edit = (patch: object) => ({ userId: ANA, eventId: EVENT, patch, now: NOW });

  it('appends the fields whole, and nothing when nothing changes', async () => {
    const decided = await decide(editEvent, { version: 3, row: row() }, edit({ time: '18:30' }));
    expect(decided.appends[0]).toEqual({
      streamId: `calendar-event-${EVENT}`,
      expectedVersion: 3,
      types: ['CalendarEventEdited'],
    });
    expect(decided.events[0]!.data).toMatchObject({
      time: '18:30',
      startsAt: '2027-05-10T18:30:00.000Z',
      title: 'Picnic',
    });
    const same = await decide(editEvent, { version: 3, row: row() }, edit({ title: 'Picnic' }));
    expect(same.appends).toEqual([]);
  });

  it('guards a lower capacity at commit and refuses one below the attendees', async () => {
    const lowered = await decide(
      editEvent,
      { version: 3, row: row({ max_attendees: 5, attendees: 2 }) },
      edit({ maxAttendees: 3 }),
    );
    expect(lowered.guards).toBe(2);
    expect(
      await refusal(
        editEvent,
        { version: 3, row: row({ max_attendees: 5, attendees: 4 }) },
        edit({ maxAttendees: 3 }),
      ),
    ).toEqual(
      refusedAs.conflict('capacity-below-attendees', calendarMessages.capacityBelowAttendees),
    );
    expect(
      await refusal(editEvent, { version: 3, row: row({ can_manage: false }) }, edit({})),
    ).toEqual(refusedAs.forbidden('not-organizer', calendarMessages.notOrganizer));
  });
});

describe('calendar.cancel', () => {
  const cancelEvent = cancelCommand({ publicUrl: 'https://agora.example' });
  const given = {
    version: 2,
    row: row(),
    recipients: [{ email: 'ben@example.com' }, { email: 'cat@example.com' }],
    template: storedTemplate(eventCancelledTemplate),
  };

  it('appends the cancel and queues an email to each attendee who takes them', async () => {
    const decided = await decide(cancelEvent, given, { userId: ANA, eventId: EVENT, now: NOW });
    expect(decided.appends[0]!.types).toEqual(['CalendarEventCancelled']);
    // Each queued email is its insert, the wake-up and the queue's counts.
    expect(decided.effects).toBe(6);
  });

  it('is idempotent', async () => {
    const again = await decide(
      cancelEvent,
      { ...given, row: row({ cancelled_at: NOW }) },
      { userId: ANA, eventId: EVENT, now: NOW },
    );
    expect([again.appends, again.effects]).toEqual([[], 0]);
  });
});

describe('calendar.remind', () => {
  const remind = remindersCommand({ publicUrl: 'https://agora.example' });
  it('records every attendee not reminded, and emails those who take emails', async () => {
    const decided = await decide(
      remind,
      {
        version: 4,
        event: row(),
        attendees: [
          { user_id: BEN, email: 'ben@example.com', wants_email: true },
          { user_id: ANA, email: 'ana@example.com', wants_email: false },
        ],
        template: storedTemplate(eventReminderTemplate),
      },
      { eventId: EVENT },
    );
    expect(decided.events).toEqual([
      { type: 'EventRemindersSent', data: { eventId: EVENT, userIds: [BEN, ANA] } },
    ]);
    expect([decided.effects, decided.result]).toEqual([3, 1]);
  });
});

describe('startsAtOf', () => {
  it('reads the wall clock in the zone given', () => {
    expect(startsAtOf('2027-01-15', '09:30', 'Asia/Tokyo')).toEqual({
      ok: true,
      startsAt: new Date('2027-01-15T00:30:00.000Z'),
    });
    expect(startsAtOf('2027-07-01', '12:00', 'America/New_York')).toEqual({
      ok: true,
      startsAt: new Date('2027-07-01T16:00:00.000Z'),
    });
    expect(startsAtOf('2027-03-10', '23:45', 'UTC')).toEqual({
      ok: true,
      startsAt: new Date('2027-03-10T23:45:00.000Z'),
    });
  });

  it('refuses a time the clocks skip and takes the earlier of a repeated one', () => {
    expect(startsAtOf('2027-03-28', '02:30', 'Europe/Paris')).toEqual({
      ok: false,
      reason: 'missing',
    });
    expect(startsAtOf('2027-10-31', '02:30', 'Europe/Paris')).toEqual({
      ok: true,
      startsAt: new Date('2027-10-31T00:30:00.000Z'),
    });
  });

  it('refuses a date, time or zone that is not one', () => {
    expect(startsAtOf('2027-02-29', '10:00', 'UTC')).toEqual({ ok: false, reason: 'date' });
    expect(startsAtOf('2027-02-01', '24:00', 'UTC')).toEqual({ ok: false, reason: 'time' });
    expect(startsAtOf('2027-02-01', '10:00', 'Nowhere/City')).toEqual({
      ok: false,
      reason: 'timeZone',
    });
  });
});
