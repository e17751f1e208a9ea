const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Past a week a relative phrase stops helping; the date itself reads better. */
const RELATIVE_LIMIT = 7 * DAY;

/*
 * Built on first use and kept: constructing an Intl formatter loads its locale data, which took
 * 60-270 ms on a phone's CPU when this module was evaluated, and a feed formats a date per card.
 */
let relative: Intl.RelativeTimeFormat | undefined;
const fullDates = new Map<string | undefined, Intl.DateTimeFormat>();

function relativeFormat(): Intl.RelativeTimeFormat {
  relative ??= new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
  return relative;
}

/** Spec 002 §9: dates display in US short format with hour and minute. */
export function formatFullDate(timestamp: string, timeZone?: string): string {
  let format = fullDates.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short', timeZone });
    fullDates.set(timeZone, format);
  }
  return format.format(new Date(timestamp));
}

/**
 * "just now", "5 minutes ago", "yesterday", ... up to a week, then the date. A timestamp slightly
 * ahead of the local clock (skew between devices) reads as "just now", never "in 2 minutes".
 */
export function formatRelativeTime(timestamp: string, now: number, timeZone?: string): string {
  const elapsed = Math.max(0, now - Date.parse(timestamp));
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return relativeFormat().format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relativeFormat().format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < RELATIVE_LIMIT) return relativeFormat().format(-Math.floor(elapsed / DAY), 'day');
  return formatFullDate(timestamp, timeZone);
}
