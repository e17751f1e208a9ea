import type { CalendarEvent, EventList } from '../../../shared/calendar';
import { applyAttendees, rsvpState } from '../../../web/features/calendar/eventList';
import { checkDraft, emptyDraft } from '../../../web/features/calendar/eventForm';

const event = (id: string, fields: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id,
  title: 'Picnic',
  description: '',
  date: '2027-05-10',
  time: '12:00',
  timeZone: 'UTC',
  startsAt: '2027-05-10T12:00:00.000Z',
  location: 'The park',
  type: 'in-person',
  attendees: 1,
  maxAttendees: 2,
  organizer: { id: null, username: null, displayName: 'Agora Events', avatar: null },
  tags: [],
  isFeatured: false,
  status: 'upcoming',
  registrationRequired: false,
  communityId: null,
  attending: false,
  canJoin: true,
  canManage: false,
  createdAt: '2027-04-01T00:00:00.000Z',
  version: 5,
  ...fields,
});

const A = '40000000-0000-4000-8000-00000000000a';
const B = '40000000-0000-4000-8000-00000000000b';

describe('live attendee counts', () => {
  it('apply only when newer than the list holds, whatever order they arrive in', () => {
    const list: EventList = { events: [event(A), event(B)] };
    expect(applyAttendees(list, { eventId: A, attendees: 2, maxAttendees: 2, version: 7 })).toBe(
      true,
    );
    // An older push arriving late changes nothing.
    expect(applyAttendees(list, { eventId: A, attendees: 1, maxAttendees: 2, version: 6 })).toBe(
      false,
    );
    expect(list.events[0]).toMatchObject({ attendees: 2, version: 7, attending: false });
    expect(list.events[1]).toMatchObject({ attendees: 1, version: 5 });
  });

  it('take the viewer’s own place only from their own answers', () => {
    const list: EventList = { events: [event(A)] };
    applyAttendees(list, {
      eventId: A,
      attendees: 2,
      maxAttendees: 2,
      version: 6,
      attending: true,
    });
    expect(list.events[0]).toMatchObject({ attending: true, attendees: 2 });
    applyAttendees(list, { eventId: A, attendees: 1, maxAttendees: 2, version: 8 });
    expect(list.events[0]!.attending).toBe(true);
  });

  it('turn the button to full at capacity', () => {
    expect(rsvpState(event(A))).toBe('join');
    expect(rsvpState(event(A, { attendees: 2 }))).toBe('full');
    expect(rsvpState(event(A, { attendees: 2, attending: true }))).toBe('full');
    expect(rsvpState(event(A, { attending: true }))).toBe('leave');
    expect(rsvpState(event(A, { status: 'cancelled' }))).toBe('closed');
  });
});

describe('the Create Event form', () => {
  const context = { timeZone: 'Europe/Paris', communityId: null, now: new Date('2027-05-01') };

  it('says what is wrong under each field, as the server would', () => {
    const checked = checkDraft({ ...emptyDraft, maxAttendees: '0' }, context);
    expect(checked).toEqual({
      errors: {
        title: 'Title is required',
        date: 'Enter a valid date',
        time: 'Enter a valid time (HH:MM)',
        maxAttendees: 'Capacity must be a whole number from 1 to 100000',
        location: 'Location is required for an in-person event',
      },
    });
  });

  it('answers the request to send', () => {
    const checked = checkDraft(
      {
        ...emptyDraft,
        title: ' Picnic ',
        date: '2027-05-10',
        time: '12:00',
        location: 'The park',
        tags: ['food'],
      },
      context,
    );
    expect(checked).toEqual({
      body: expect.objectContaining({
        title: 'Picnic',
        timeZone: 'Europe/Paris',
        maxAttendees: 50,
        tags: ['food'],
        communityId: null,
      }),
    });
  });
});
