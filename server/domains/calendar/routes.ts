import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { text } from '../../../shared/api/text';
import {
  attendanceStateSchema,
  calendarEventSchema,
  calendarMessages,
  createEventSchema,
  eventListSchema,
  eventsQuerySchema,
  patchEventSchema,
} from '../../../shared/calendar';
import { contextOf } from '../../core/context';
import { notFound } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { defineRoute, type AnyRouteSpec } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { readEvent, readEvents } from './calendar-read';
import { cancelCommand, createEvent, editEvent, setAttendance } from './commands';
import { eventIdOrNone } from './streams';

/** Any id is accepted: one that is not a UUID answers 404 like an event one may not see. */
const idParams = z.object({ id: text({ max: 100 }) });

function found<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw notFound(calendarMessages.eventNotFound);
  return value;
}

export function calendarRoutes({ db, commands, config }: ModuleDeps): AnyRouteSpec[] {
  const cancelEvent = cancelCommand({ publicUrl: config.publicUrl });
  const attendanceRoute = (method: 'post' | 'delete') =>
    defineRoute({
      method,
      path: '/events/:id/attendance',
      tag: 'events',
      summary: method === 'post' ? 'Joins an event (Join Event, RSVP)' : 'Leaves an event',
      description:
        'Idempotent; answers the absolute count with its version. A join past the capacity is ' +
        "refused 409 'Event Full', decided at commit so the capacity holds under concurrency; " +
        'a cancelled or started event refuses both 409.',
      auth: 'member',
      params: idParams,
      responses: { 200: attendanceStateSchema },
      errors: [404, 409],
      async handler({ params }, req, res) {
        const state = await commands.run(
          setAttendance,
          {
            userId: memberIdOf(req),
            eventId: params.id,
            attend: method === 'post',
            now: new Date(),
          },
          contextOf(req),
        );
        res.json(found(state));
      },
    });

  return [
    defineRoute({
      method: 'get',
      path: '/events',
      tag: 'events',
      summary: 'Events the member may see: upcoming, past, or their own',
      description:
        'Upcoming: featured first, then soonest. Past: latest first. Mine: organized or joined, ' +
        'any status. Events inside a community need its content visible to the member; `q` ' +
        'matches title, description, location and tags.',
      auth: 'member',
      query: eventsQuerySchema,
      responses: { 200: eventListSchema },
      async handler({ query }, req, res) {
        res.json(await readEvents(db, memberIdOf(req), query));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/events',
      tag: 'events',
      summary: 'Creates an event, optionally in a community the member belongs to',
      description:
        "The start is `date` and `time` in the creator's IANA `timeZone`; it must exist there " +
        'and not be in the past. An in-person event needs a location; an online one may give a link.',
      auth: 'member',
      body: createEventSchema,
      responses: { 201: calendarEventSchema },
      errors: [403, 404],
      async handler({ body }, req, res) {
        const event = await commands.run(
          createEvent,
          { organizerId: memberIdOf(req), eventId: randomUUID(), event: body, now: new Date() },
          contextOf(req),
        );
        res.status(201).json(found(event));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/events/:id',
      tag: 'events',
      summary: 'An event the member may see',
      auth: 'member',
      params: idParams,
      responses: { 200: calendarEventSchema },
      errors: [404],
      async handler({ params }, req, res) {
        res.json(found(await readEvent(db, eventIdOrNone(params.id), memberIdOf(req))));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/events/:id',
      tag: 'events',
      summary: 'Edits an event: its organizer, or a manager of its community',
      auth: 'member',
      params: idParams,
      body: patchEventSchema,
      responses: { 200: calendarEventSchema },
      errors: [403, 404, 409],
      async handler({ params, body }, req, res) {
        const event = await commands.run(
          editEvent,
          { userId: memberIdOf(req), eventId: params.id, patch: body, now: new Date() },
          contextOf(req),
        );
        res.json(found(event));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/events/:id',
      tag: 'events',
      summary: 'Cancels an event: its organizer, or a manager of its community',
      description: 'Idempotent. Everyone attending is told by email; the event stays, cancelled.',
      auth: 'member',
      params: idParams,
      responses: { 204: null },
      errors: [403, 404, 409],
      async handler({ params }, req, res) {
        await commands.run(
          cancelEvent,
          { userId: memberIdOf(req), eventId: params.id, now: new Date() },
          contextOf(req),
        );
        res.status(204).end();
      },
    }),
    attendanceRoute('post'),
    attendanceRoute('delete'),
  ];
}
