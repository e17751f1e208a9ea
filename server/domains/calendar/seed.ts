import { appendTo, defineCommand } from '../../core/command';
import { rows } from '../../core/reads';
import { qb } from '../../db/statement';
import { seededEvents } from './seeded-events';
import { calendarEventStreamId } from './streams';

const DAY_MS = 86_400_000;

/**
 * Creates the seeded events whose streams are empty, once: an event seeded before (cancelled or
 * past since) is left alone, and a rebuild replays the start it was given. Two processes starting
 * together meet on the streams' first version; the loser finds nothing left to create. Dates
 * are counted from the first start, in UTC.
 */
export const seedEvents = defineCommand({
  name: 'calendar.seed',
  load: (_input: { now: Date }) => ({
    seeded: rows(
      qb
        .selectFrom('events')
        .select('stream_id')
        .distinct()
        .where(
          'stream_id',
          'in',
          seededEvents.map((event) => calendarEventStreamId(event.id)),
        ),
    ),
  }),
  decide({ seeded }, { now }) {
    const has = new Set(seeded.map((row) => row.stream_id));
    return {
      appends: seededEvents
        .filter((event) => !has.has(calendarEventStreamId(event.id)))
        .map((event) => {
          const day = new Date(now.getTime() + event.daysAhead * DAY_MS).toISOString().slice(0, 10);
          return appendTo(calendarEventStreamId(event.id), 0, [
            {
              type: 'CalendarEventCreated',
              data: {
                ...event.details,
                tags: [...event.details.tags],
                date: day,
                time: event.time,
                timeZone: 'UTC',
                startsAt: `${day}T${event.time}:00.000Z`,
                eventId: event.id,
                organizerId: null,
                hostName: event.hostName,
                communityId: null,
                isFeatured: event.isFeatured,
              },
            },
          ]);
        }),
      result: undefined,
    };
  },
});
