import type { BackupConfig } from '../../../shared/ops/backups';

type Schedule = BackupConfig['schedule'];

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday. */
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall-clock parts of an instant in a time zone. */
export function localParts(instant: Date, timeZone: string): LocalParts {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    weekday: 'short',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')),
    minute: Number(get('minute')),
    weekday: WEEKDAYS.indexOf(get('weekday')),
  };
}

/** The instant when the wall clock of `timeZone` shows the given time (day may overflow). */
export function zonedTime(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
): Date {
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wanted;
  // Two rounds settle the offset on either side of a daylight-saving change.
  for (let round = 0; round < 2; round += 1) {
    const seen = localParts(new Date(guess), timeZone);
    const shown = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
    guess += wanted - shown;
  }
  return new Date(guess);
}

/**
 * The latest scheduled slot at or before `now`: hourly at the minute of `time`, daily at
 * `time`, weekly on Mondays at `time`, monthly on the 1st at `time`, in the schedule's zone.
 */
export function latestSlot(schedule: Schedule, now: Date): Date {
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
  const tz = schedule.timezone;
  const local = localParts(now, tz);
  const at = (dayShift: number, h = hour, monthShift = 0, day = local.day) =>
    zonedTime(tz, local.year, local.month + monthShift, day + dayShift, h, minute);
  let slot: Date;
  switch (schedule.frequency) {
    case 'hourly':
      slot = at(0, local.hour);
      return slot <= now ? slot : at(0, local.hour - 1);
    case 'daily':
      slot = at(0);
      return slot <= now ? slot : at(-1);
    case 'weekly': {
      const sinceMonday = (local.weekday + 6) % 7;
      slot = at(-sinceMonday);
      return slot <= now ? slot : at(-sinceMonday - 7);
    }
    case 'monthly':
      slot = at(0, hour, 0, 1);
      return slot <= now ? slot : at(0, hour, -1, 1);
  }
}

/**
 * Whether a scheduled backup is due: a slot has passed since `since` (the later of the last
 * scheduled backup's start and the last change of the schedule).
 */
export function isBackupDue(schedule: Schedule, now: Date, since: Date): boolean {
  if (!schedule.enabled) return false;
  return latestSlot(schedule, now) > since;
}
