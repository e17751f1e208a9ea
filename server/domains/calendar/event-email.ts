import type { Selectable } from 'kysely';
import type { CalendarEventsTable } from '../../db/tables/calendar-events';

type Row = Selectable<CalendarEventsTable>;

/** The start as its organizer wrote it, with the zone it is in: what emails say. */
export function formatStart(row: Pick<Row, 'date' | 'time' | 'time_zone'>): string {
  return `${row.date} at ${row.time} (${row.time_zone})`;
}

/** Where an email says the event is. */
export function formatPlace(row: Pick<Row, 'type' | 'location'>): string {
  if (row.type === 'online') return row.location === '' ? 'Online' : `Online: ${row.location}`;
  return row.location;
}
