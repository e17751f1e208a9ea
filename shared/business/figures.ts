import { WEEK_DAYS, type BusinessHours } from './constants';
import type { BusinessAccountFields } from './schemas';

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/** Minutes open in a week: each open day's span from opening to closing. */
export function weeklyOpenMinutes(hours: BusinessHours): number {
  return WEEK_DAYS.reduce((total, day) => {
    const { open, close, closed } = hours[day];
    return closed ? total : total + Math.max(0, minutesOf(close) - minutesOf(open));
  }, 0);
}

export const openDays = (hours: BusinessHours) =>
  WEEK_DAYS.filter((day) => !hours[day].closed).length;

/** "37 h 30 min" for a number of minutes. */
export function formatHours(minutes: number): string {
  const whole = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${whole} h` : `${whole} h ${rest} min`;
}

/** The details a complete profile has: every field of the Profile and Contact tabs, images, lists. */
const COMPLETENESS_CHECKS: readonly ((account: BusinessAccountFields) => boolean)[] = [
  (a) => a.name !== '',
  (a) => a.description !== '',
  (a) => a.industry !== '',
  (a) => a.foundedYear !== null,
  (a) => a.employeeCount !== '',
  (a) => a.revenue !== '',
  (a) => a.website !== '',
  (a) => a.email !== '',
  (a) => a.phone !== '',
  (a) => a.address !== '',
  (a) => a.city !== '',
  (a) => a.state !== '',
  (a) => a.zipCode !== '',
  (a) => a.country !== '',
  (a) => a.logo !== '',
  (a) => a.banner !== '',
  (a) => a.services.length > 0,
  (a) => a.certifications.length > 0,
  (a) => a.socialLinks.length > 0,
];

/** Profile completeness as a whole percentage of the checks above. */
export function profileCompleteness(account: BusinessAccountFields): number {
  const done = COMPLETENESS_CHECKS.filter((check) => check(account)).length;
  return Math.round((done / COMPLETENESS_CHECKS.length) * 100);
}
