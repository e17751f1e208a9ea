import { calendarMessages } from './messages';
import { startsAtOf } from './starts-at';
import type { CalendarEventKind } from './schemas';

export interface EventWhen {
  date: string;
  time: string;
  timeZone: string;
  type: CalendarEventKind;
  location: string;
}

const ONLINE_URL = /^https?:\/\/\S+$/i;

/**
 * The rules that span fields, by field, for the server's decision and the Create Event form
 * alike: the start must exist in the zone and not be in the past, an in-person event needs a
 * location and an online one, if it names one, a link. Empty when all hold.
 */
export function eventFieldIssues(
  fields: EventWhen,
  now: Date,
): { startsAt: Date | null; issues: Record<string, string> } {
  const issues: Record<string, string> = {};
  const start = startsAtOf(fields.date, fields.time, fields.timeZone);
  let startsAt: Date | null = null;
  if (!start.ok) {
    const field = start.reason === 'missing' ? 'time' : start.reason;
    issues[field] = {
      date: calendarMessages.dateInvalid,
      time: calendarMessages.timeInvalid,
      timeZone: calendarMessages.timeZoneInvalid,
      missing: calendarMessages.timeMissing,
    }[start.reason];
  } else if (start.startsAt.getTime() <= now.getTime()) {
    issues.date = calendarMessages.inPast;
  } else {
    startsAt = start.startsAt;
  }
  const location = fields.location.trim();
  if (fields.type === 'in-person' && location === '') {
    issues.location = calendarMessages.locationRequired;
  }
  if (fields.type === 'online' && location !== '' && !ONLINE_URL.test(location)) {
    issues.location = calendarMessages.onlineUrl;
  }
  return { startsAt, issues };
}
