import type { Person } from '../../shared/social';

const HOUR_MS = 60 * 60 * 1000;
const DAY_HOURS = 24;
const WEEK_HOURS = 168;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * Spec 000 §9: under an hour 'Just now', under 24 hours in hours, under 168 hours in days, and
 * the calendar date beyond that (in `timeZone`, the browser's own by default). A time slightly
 * ahead of the clock (skew) also reads 'Just now'.
 */
export function relativeTime(iso: string, now: number, timeZone?: string): string {
  const then = Date.parse(iso);
  const hours = Math.floor((now - then) / HOUR_MS);
  if (hours < 1) return 'Just now';
  if (hours < DAY_HOURS) return plural(hours, 'hour');
  if (hours < WEEK_HOURS) return plural(Math.floor(hours / DAY_HOURS), 'day');
  return new Date(then).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  });
}

/** The same, inside a sentence ('Last seen just now', 'Sent 2 hours ago'). */
export function relativeTimeInline(iso: string, now: number): string {
  const relative = relativeTime(iso, now);
  return relative === 'Just now' ? 'just now' : relative;
}

/** The presence line of a card: 'Online', 'Away', or when an offline member was last seen. */
export function presenceText(person: Pick<Person, 'status' | 'lastSeen'>, now: number): string {
  if (person.status === 'online') return 'Online';
  if (person.status === 'away') return 'Away';
  if (!person.lastSeen) return 'Offline';
  return `Last seen ${relativeTimeInline(person.lastSeen, now)}`;
}

export function mutualFriendsText(count: number): string {
  if (count === 0) return 'No mutual friends';
  return `${count} mutual friend${count === 1 ? '' : 's'}`;
}
