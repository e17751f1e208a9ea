import { randomUUID } from 'node:crypto';
import {
  CALENDAR_SOCKET_EVENTS,
  calendarMessages,
  type AttendanceState,
  type CalendarEvent,
  type EventAttendeesPayload,
  type EventChangedPayload,
  type EventList,
} from '../../shared/calendar';
import { remindersCommand, sendDueReminders } from '../../server/domains/calendar/reminders';
import { seededEvents } from '../../server/domains/calendar/seeded-events';
import { calendarEventStreamId } from '../../server/domains/calendar/streams';
import {
  eventCancelledTemplate,
  eventReminderTemplate,
} from '../../server/domains/email/templates';
import { dayFromNow, eventBody } from '../support/calendar-fixture';
import { communityOf } from '../support/communities';
import {
  as,
  countEvents,
  queuedEmails,
  signUp,
  signUpMembers,
  snapshotReadModels,
  type TestMember,
} from '../support/factories';
import { append, rebuild } from '../support/model';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';

const stack = useServerWithDatabase();
const db = () => stack.database.db;
const api = (member: TestMember) => as(stack.server, member);

async function create(organizer: TestMember, fields: Record<string, unknown> = {}) {
  const res = await api(organizer).post('/events', eventBody(fields)).expect(201);
  return res.body as CalendarEvent;
}

async function list(member: TestMember, query = ''): Promise<CalendarEvent[]> {
  return ((await api(member).get(`/events${query}`).expect(200)).body as EventList).events;
}

const ids = (events: readonly CalendarEvent[]) => events.map((event) => event.id);

/** An event that already started, appended straight to the log (no request can create one). */
async function pastEvent(organizerId: string): Promise<string> {
  const eventId = randomUUID();
  await append(db(), calendarEventStreamId(eventId), 0, [
    {
      type: 'CalendarEventCreated',
      data: {
        eventId,
        title: 'Last week',
        description: '',
        date: dayFromNow(-7),
        time: '10:00',
        timeZone: 'UTC',
        startsAt: `${dayFromNow(-7)}T10:00:00.000Z`,
        location: 'Here',
        type: 'in-person',
        maxAttendees: 5,
        tags: [],
        registrationRequired: false,
        organizerId,
        hostName: null,
        communityId: null,
        isFeatured: false,
      },
    },
  ]);
  return eventId;
}

const communityRow = (id: string) =>
  db()
    .selectFrom('communities')
    .select(['event_count', 'version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const lastActive = async (communityId: string, userId: string) =>
  (
    await db()
      .selectFrom('community_members')
      .select('last_active_at')
      .where('community_id', '=', communityId)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).last_active_at;

describe('the seeded events', () => {
  it('are the three of the spec, upcoming, featured first, with nobody attending', async () => {
    const member = await signUp(stack.server);
    const seeded = (await list(member)).filter((e) => seededEvents.some((s) => s.id === e.id));
    expect(seeded.map((e) => [e.maxAttendees, e.attendees, e.status])).toEqual([
      [50, 0, 'upcoming'],
      [30, 0, 'upcoming'],
      [150, 0, 'upcoming'],
    ]);
    expect(seeded[0]!.isFeatured).toBe(true);
    expect(seeded[0]!.organizer).toEqual({
      id: null,
      username: null,
      displayName: 'Agora Events',
      avatar: null,
    });
  });

  it('say nobody may manage them: canManage is false, never null, for an event without organizer', async () => {
    const member = await signUp(stack.server);
    const seeded = (await list(member)).filter((e) => seededEvents.some((s) => s.id === e.id));
    expect(seeded.map((e) => e.canManage)).toEqual([false, false, false]);
    const one = await as(stack.server, member).get(`/events/${seeded[0]!.id}`).expect(200);
    expect(one.body.canManage).toBe(false);
  });
});

describe('POST /events', () => {
  it('creates an event whose start is the date and time in the creator’s time zone', async () => {
    const ana = await signUp(stack.server);
    const event = await create(ana, {
      date: dayFromNow(10),
      time: '09:30',
      timeZone: 'Asia/Tokyo',
      tags: [' games ', 'games', 'fun'],
    });
    expect(event).toMatchObject({
      title: 'Board games night',
      time: '09:30',
      timeZone: 'Asia/Tokyo',
      startsAt: `${dayFromNow(10)}T00:30:00.000Z`,
      attendees: 0,
      maxAttendees: 10,
      status: 'upcoming',
      tags: ['games', 'fun'],
      isFeatured: false,
      communityId: null,
      attending: false,
      canManage: true,
      organizer: { id: ana.id, username: ana.username },
    });
    expect((await api(ana).get(`/events/${event.id}`).expect(200)).body).toEqual(event);
  });

  it('refuses bad input with the field’s message and writes nothing', async () => {
    const ana = await signUp(stack.server);
    const before = await countEvents(db());
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '   ' }, 'title', calendarMessages.titleRequired],
      [{ date: dayFromNow(-1) }, 'date', calendarMessages.inPast],
      [{ date: '2027-02-30' }, 'date', calendarMessages.dateInvalid],
      [{ time: '25:00' }, 'time', calendarMessages.timeInvalid],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', calendarMessages.timeZoneInvalid],
      [{ maxAttendees: 0 }, 'maxAttendees', calendarMessages.capacityRange],
      [{ maxAttendees: 100_001 }, 'maxAttendees', calendarMessages.capacityRange],
      [{ maxAttendees: 2.5 }, 'maxAttendees', calendarMessages.capacityRange],
      [{ location: '' }, 'location', calendarMessages.locationRequired],
      [{ type: 'online', location: 'my place' }, 'location', calendarMessages.onlineUrl],
      [{ tags: [''] }, 'tags.0', 'A tag cannot be blank'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await api(ana).post('/events', eventBody(fields)).expect(400);
      expect([res.body.error.fields?.[field], fields]).toEqual([message, fields]);
    }
    await api(ana)
      .post('/events', { ...eventBody(), isFeatured: true })
      .expect(400);
    expect(await countEvents(db())).toBe(before);
  });

  it('accepts an online event without a link, and with one', async () => {
    const ana = await signUp(stack.server);
    await create(ana, { type: 'online', location: '' });
    await create(ana, { type: 'online', location: 'https://meet.example.com/x' });
  });
});

describe('GET /events', () => {
  it('lists upcoming, past and the member’s own, and searches', async () => {
    const [ana, bo] = await signUpMembers(stack.server, 2);
    const soon = await create(ana, { title: 'Soon zebra', date: dayFromNow(1) });
    const later = await create(ana, { title: 'Later', date: dayFromNow(5), tags: ['zebra'] });
    const cancelled = await create(bo, { title: 'Off' });
    await api(bo).delete(`/events/${cancelled.id}`).expect(204);
    const past = await pastEvent(ana.id);

    const upcoming = ids(await list(bo));
    expect(upcoming).toEqual(expect.arrayContaining([soon.id, later.id]));
    expect(upcoming).not.toContain(cancelled.id);
    expect(upcoming.indexOf(soon.id)).toBeLessThan(upcoming.indexOf(later.id));
    expect(ids(await list(bo, '?scope=past'))).toContain(past);
    expect(ids(await list(bo, '?scope=past'))).not.toContain(soon.id);
    expect(ids(await list(ana, '?q=zebra'))).toEqual([soon.id, later.id]);

    await api(bo).post(`/events/${later.id}/attendance`).expect(200);
    expect(ids(await list(bo, '?scope=mine'))).toEqual([cancelled.id, later.id]);
    const mine = await list(ana, '?scope=mine');
    expect(ids(mine)).toEqual([past, soon.id, later.id]);
    expect(mine.map((e) => e.status)).toEqual(['past', 'upcoming', 'upcoming']);
  });

  it('refuses a bad query', async () => {
    const ana = await signUp(stack.server);
    await api(ana).get('/events?scope=all').expect(400);
    await api(ana).get('/events?communityId=nope').expect(400);
    await api(ana)
      .get(`/events?q=${'x'.repeat(101)}`)
      .expect(400);
  });

  it('answers 404 for an event that does not exist, whatever its id', async () => {
    const ana = await signUp(stack.server);
    await api(ana).get(`/events/${randomUUID()}`).expect(404);
    await api(ana).get('/events/not-an-id').expect(404);
    await api(ana).post('/events/not-an-id/attendance').expect(404);
  });

  it('needs a member', async () => {
    await as(stack.server, { cookie: '' }).get('/events').expect(401);
  });
});

describe('PATCH /events/:id', () => {
  it('lets the organizer edit, refuses others, and refuses a capacity below the attendees', async () => {
    const [ana, bo, cy] = await signUpMembers(stack.server, 3);
    const event = await create(ana, { maxAttendees: 3 });
    await api(bo).patch(`/events/${event.id}`, { title: 'Mine now' }).expect(403);
    const edited = (
      await api(ana)
        .patch(`/events/${event.id}`, { title: 'Chess night', time: '20:00' })
        .expect(200)
    ).body as CalendarEvent;
    expect(edited).toMatchObject({
      title: 'Chess night',
      time: '20:00',
      startsAt: `${event.date}T20:00:00.000Z`,
    });
    expect(edited.version).toBeGreaterThan(event.version);
    // An edit that changes nothing appends nothing.
    const same = (await api(ana).patch(`/events/${event.id}`, { title: 'Chess night' }).expect(200))
      .body as CalendarEvent;
    expect(same.version).toBe(edited.version);

    await api(bo).post(`/events/${event.id}/attendance`).expect(200);
    await api(cy).post(`/events/${event.id}/attendance`).expect(200);
    const refused = await api(ana).patch(`/events/${event.id}`, { maxAttendees: 1 }).expect(409);
    expect(refused.body.error.message).toBe(calendarMessages.capacityBelowAttendees);
    await api(ana).patch(`/events/${event.id}`, { maxAttendees: 2 }).expect(200);
    await api(ana)
      .patch(`/events/${event.id}`, { date: dayFromNow(-2) })
      .expect(400);
    await api(ana).patch(`/events/${event.id}`, {}).expect(400);
    await api(ana).patch(`/events/${event.id}`, { organizerId: bo.id }).expect(400);
  });
});

describe('attendance', () => {
  it('joins and leaves idempotently and refuses a full, cancelled or started event', async () => {
    const [ana, bo, cy] = await signUpMembers(stack.server, 3);
    const event = await create(ana, { maxAttendees: 1 });
    const joined = (await api(bo).post(`/events/${event.id}/attendance`).expect(200))
      .body as AttendanceState;
    expect(joined).toMatchObject({ attending: true, attendees: 1, maxAttendees: 1 });
    const again = (await api(bo).post(`/events/${event.id}/attendance`).expect(200))
      .body as AttendanceState;
    expect(again).toEqual(joined);

    const full = await api(cy).post(`/events/${event.id}/attendance`).expect(409);
    expect(full.body.error).toMatchObject({ code: 'event-full', message: 'Event Full' });

    const left = (await api(bo).delete(`/events/${event.id}/attendance`).expect(200))
      .body as AttendanceState;
    expect(left).toMatchObject({ attending: false, attendees: 0 });
    expect(left.version).toBeGreaterThan(joined.version);
    await api(bo).delete(`/events/${event.id}/attendance`).expect(200);
    await api(cy).post(`/events/${event.id}/attendance`).expect(200);

    await api(ana).delete(`/events/${event.id}`).expect(204);
    const cancelled = await api(bo).post(`/events/${event.id}/attendance`).expect(409);
    expect(cancelled.body.error.message).toBe(calendarMessages.cancelled);

    const past = await pastEvent(ana.id);
    const started = await api(bo).post(`/events/${past}/attendance`).expect(409);
    expect(started.body.error.message).toBe(calendarMessages.alreadyStarted);
  });

  it('never exceeds the capacity: 100 members join a 50-seat event at once', async () => {
    const organizer = await signUp(stack.server);
    const event = await create(organizer, { maxAttendees: 50 });
    const members: TestMember[] = [];
    for (let i = 0; i < 10; i += 1) {
      members.push(...(await Promise.all(Array.from({ length: 10 }, () => signUp(stack.server)))));
    }
    const answers = await Promise.all(
      members.map((member) => api(member).post(`/events/${event.id}/attendance`)),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 409)).toHaveLength(50);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(res.body.error.message).toBe('Event Full');
    }
    const row = await db()
      .selectFrom('calendar_events')
      .select('attendees')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    const seats = await db()
      .selectFrom('event_attendees')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect([row.attendees, Number(seats.n)]).toEqual([50, 50]);
    const read = (await api(organizer).get(`/events/${event.id}`).expect(200)).body;
    expect(read.attendees).toBe(50);
  }, 120_000);
});

describe('DELETE /events/:id (cancel)', () => {
  it('lets the organizer cancel, emails the attendees, and is idempotent', async () => {
    const [ana, bo, cy] = await signUpMembers(stack.server, 3);
    const event = await create(ana, { title: 'Picnic' });
    await api(bo).post(`/events/${event.id}/attendance`).expect(200);
    await api(cy)
      .patch('/me/settings', { notifications: { email: false } })
      .expect(200);
    await api(cy).post(`/events/${event.id}/attendance`).expect(200);

    await api(bo).delete(`/events/${event.id}`).expect(403);
    await api(ana).delete(`/events/${event.id}`).expect(204);
    await api(ana).delete(`/events/${event.id}`).expect(204);
    const [email, ...more] = await queuedEmails(db(), bo.email, eventCancelledTemplate.name);
    expect(more).toEqual([]);
    expect(email!.subject).toBe('Picnic was cancelled');
    expect(await queuedEmails(db(), cy.email, eventCancelledTemplate.name)).toEqual([]);
    expect((await api(bo).get(`/events/${event.id}`).expect(200)).body.status).toBe('cancelled');
    await api(ana).patch(`/events/${event.id}`, { title: 'Back on' }).expect(409);
  });
});

describe('community events', () => {
  it('are created by members only, counted on the community, and seen per its privacy', async () => {
    const [admin, moderator, member, outsider] = await signUpMembers(stack.server, 4);
    const restricted = await communityOf(stack.server, 'restricted', admin, [
      { member: moderator, role: 'moderator' },
      { member },
    ]);
    const secret = await communityOf(stack.server, 'private', admin);

    const refused = await api(outsider)
      .post('/events', eventBody({ communityId: restricted }))
      .expect(403);
    expect(refused.body.error.message).toBe(calendarMessages.notCommunityMember);
    await api(outsider)
      .post('/events', eventBody({ communityId: secret }))
      .expect(404);
    await api(member)
      .post('/events', eventBody({ communityId: randomUUID() }))
      .expect(404);

    const before = await communityRow(restricted);
    const event = await create(member, { communityId: restricted });
    expect(event.communityId).toBe(restricted);
    expect((await communityRow(restricted)).event_count).toBe(before.event_count + 1);
    expect(await lastActive(restricted, member.id)).not.toBeNull();

    // Inside a restricted community, only its members read the event.
    await api(outsider).get(`/events/${event.id}`).expect(404);
    await api(outsider).post(`/events/${event.id}/attendance`).expect(404);
    expect(ids(await list(outsider))).not.toContain(event.id);
    expect(ids(await list(admin, `?communityId=${restricted}`))).toEqual([event.id]);

    // In a public community everyone reads the events, and its members join them.
    const open = await communityOf(stack.server, 'public', member);
    const openEvent = await create(member, { communityId: open });
    await api(outsider).get(`/events/${openEvent.id}`).expect(200);
    const notMember = await api(outsider).post(`/events/${openEvent.id}/attendance`).expect(403);
    expect(notMember.body.error.message).toBe(calendarMessages.joinCommunityFirst);

    // Joining the community is not activity; going to one of its events is.
    expect(await lastActive(restricted, moderator.id)).toBeNull();
    await api(moderator).post(`/events/${event.id}/attendance`).expect(200);
    expect(await lastActive(restricted, moderator.id)).not.toBeNull();

    // A manager of the community edits and cancels it; a plain member who is not its organizer may not.
    await api(moderator).patch(`/events/${event.id}`, { title: 'Moderated' }).expect(200);
    await api(admin).delete(`/events/${event.id}`).expect(204);
    expect((await communityRow(restricted)).event_count).toBe(before.event_count);
  });
});

describe('reminders', () => {
  it('email each attendee exactly once, within the reminder window', async () => {
    const [ana, bo, cy, dee] = await signUpMembers(stack.server, 4);
    const start = new Date(Date.now() + 2 * 3_600_000);
    const soon = await create(ana, {
      title: 'Soon',
      date: start.toISOString().slice(0, 10),
      time: start.toISOString().slice(11, 16),
    });
    const far = await create(ana, { title: 'Far', date: dayFromNow(5) });
    for (const member of [bo, cy]) {
      await api(member).post(`/events/${soon.id}/attendance`).expect(200);
      await api(member).post(`/events/${far.id}/attendance`).expect(200);
    }
    const remind = remindersCommand({ publicUrl: 'http://localhost:8080' });
    const deps = { db: db(), commands: stack.server.application.commands };
    const sent = async (member: TestMember) =>
      (await queuedEmails(db(), member.email, eventReminderTemplate.name)).map((e) => e.subject);

    await sendDueReminders(deps, remind, 24);
    await sendDueReminders(deps, remind, 24);
    expect(await sent(bo)).toEqual([expect.stringContaining('Reminder: Soon starts')]);
    expect(await sent(cy)).toHaveLength(1);

    // A member joining after the reminders went gets theirs at the next tick, and only they.
    await api(dee).post(`/events/${soon.id}/attendance`).expect(200);
    await Promise.all([sendDueReminders(deps, remind, 24), sendDueReminders(deps, remind, 24)]);
    expect([await sent(bo), await sent(cy), await sent(dee)].map((s) => s.length)).toEqual([
      1, 1, 1,
    ]);
    const [email] = await queuedEmails(db(), dee.email, eventReminderTemplate.name);
    expect(email!.text_body).toContain(`http://localhost:8080/events?event=${soon.id}`);
  });
});

describe('live counts', () => {
  it('pushes the absolute attendee count to the event’s watchers, and new events to /events', async () => {
    const [ana, bo] = await signUpMembers(stack.server, 2);
    const event = await create(ana, { maxAttendees: 2 });
    const socket = await connectAs(stack.server, ana);
    try {
      const ack = await socket.emitWithAck(CALENDAR_SOCKET_EVENTS.watch, {
        eventIds: [event.id, randomUUID()],
      });
      expect(ack).toEqual({ watching: [event.id] });
      const pushed = waitForEvent<EventAttendeesPayload>(
        socket,
        CALENDAR_SOCKET_EVENTS.attendees,
        (p) => p.eventId === event.id,
      );
      const joined = (await api(bo).post(`/events/${event.id}/attendance`).expect(200))
        .body as AttendanceState;
      expect(await pushed).toEqual({
        eventId: event.id,
        attendees: 1,
        maxAttendees: 2,
        version: joined.version,
      });

      socket.emit(CALENDAR_SOCKET_EVENTS.list, { listing: true });
      // The join above is a round trip after the list signal: the room is joined by then.
      await socket.emitWithAck(CALENDAR_SOCKET_EVENTS.watch, { eventIds: [event.id] });
      const created = waitForEvent<EventChangedPayload>(socket, CALENDAR_SOCKET_EVENTS.created);
      const other = await create(bo);
      expect(await created).toEqual({ eventId: other.id, communityId: null, version: 1 });
      const bad = await socket.emitWithAck(CALENDAR_SOCKET_EVENTS.watch, { eventIds: ['x'] });
      expect(bad.error).toMatch(/eventIds/);
    } finally {
      socket.disconnect();
    }
  });
});

describe('account deletion', () => {
  it('removes the member’s attendances and cancels the events they organized', async () => {
    const [ana, bo] = await signUpMembers(stack.server, 2);
    const theirs = await create(ana, { title: 'Ana hosts' });
    const others = await create(bo, { title: 'Bo hosts' });
    await api(ana).post(`/events/${others.id}/attendance`).expect(200);
    await api(bo).post(`/events/${theirs.id}/attendance`).expect(200);
    await api(ana)
      .post('/me/delete', { password: ana.password, confirmation: 'DELETE' })
      .expect(204);

    expect((await api(bo).get(`/events/${others.id}`).expect(200)).body.attendees).toBe(0);
    const cancelled = (await api(bo).get(`/events/${theirs.id}`).expect(200)).body;
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      organizer: { id: null, displayName: calendarMessages.formerMember },
    });
    const rows = await db()
      .selectFrom('event_attendees')
      .select('event_id')
      .where('user_id', '=', ana.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('rebuild', () => {
  it('reproduces the calendar read models and the community counts', async () => {
    const [ana, bo] = await signUpMembers(stack.server, 2);
    const community = await communityOf(stack.server, 'public', ana, [{ member: bo }]);
    const event = await create(ana, { communityId: community });
    await create(ana, { communityId: community });
    await api(bo).post(`/events/${event.id}/attendance`).expect(200);
    await api(ana).delete(`/events/${event.id}`).expect(204);
    const tables = ['calendar_events', 'event_attendees', 'communities', 'community_members'];
    const before = await snapshotReadModels(db(), tables);
    const counts = await communityRow(community);
    await rebuild(db());
    expect(await snapshotReadModels(db(), tables)).toEqual(before);
    expect((await communityRow(community)).event_count).toBe(counts.event_count);
  });
});
