/**
 * When an event starts, as a UTC instant, from the date and time its creator typed and their IANA
 * time zone: the same wall-clock time means a different instant in Paris and in Tokyo, and the
 * reminders and the past/upcoming split need the instant.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isValidDate(date: string): boolean {
  const match = DATE.exec(date);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(y, m - 1, d));
  return (
    y >= 1970 && utc.getUTCFullYear() === y && utc.getUTCMonth() === m - 1 && utc.getUTCDate() === d
  );
}

export const isValidTime = (time: string): boolean => TIME.test(time);

export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock date and time in the zone at an instant. */
export function wallClockOf(instant: number, timeZone: string): { date: string; time: string } {
  const parts: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) {
    parts[part.type] = part.value;
  }
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** How far the zone's clocks are ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

export type StartsAt =
  { ok: true; startsAt: Date } | { ok: false; reason: 'date' | 'time' | 'timeZone' | 'missing' };

/**
 * The instant the wall-clock `date` `time` names in `timeZone`. Where the clocks go back an hour
 * the earlier of the two instants is taken; a time the clocks skip (spring forward) names no
 * instant and is refused rather than moved silently.
 */
export function startsAtOf(date: string, time: string, timeZone: string): StartsAt {
  if (!isValidDate(date)) return { ok: false, reason: 'date' };
  if (!isValidTime(time)) return { ok: false, reason: 'time' };
  if (!isValidTimeZone(timeZone)) return { ok: false, reason: 'timeZone' };
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const candidates = [
    wall - offsetAt(wall - offsetAt(wall, timeZone), timeZone),
    wall - offsetAt(wall, timeZone),
    wall - offsetAt(wall - 86_400_000, timeZone),
    wall - offsetAt(wall + 86_400_000, timeZone),
  ];
  const matching = candidates
    .filter((instant) => {
      const back = wallClockOf(instant, timeZone);
      return back.date === date && back.time === time;
    })
    .sort((a, b) => a - b);
  if (matching.length === 0) return { ok: false, reason: 'missing' };
  return { ok: true, startsAt: new Date(matching[0]!) };
}
