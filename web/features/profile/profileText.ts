import { profileMessages } from '../../../shared/profiles';
import type { PresenceStatus } from '../../../shared/social';
import { PRESENCE_LABELS } from '../../components/PresenceDot';

/** The avatar fallback of the profile header: the first letters of the first two words of the name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters = words
    .slice(0, 2)
    .map((word) => [...word][0] ?? '')
    .join('');
  return letters.toUpperCase() || '?';
}

/** The day a member joined; a date the client cannot read falls back to 'Recently' (002 §3). */
export function joinDateText(joinDate: string | null, locale = 'en-US'): string {
  const when = joinDate === null ? Number.NaN : Date.parse(joinDate);
  if (Number.isNaN(when)) return profileMessages.joinedRecently;
  return new Intl.DateTimeFormat(locale, {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(when);
}

/** 'Joined {date}' of the profile header. */
export function joinedText(joinDate: string | null, locale = 'en-US'): string {
  return `Joined ${joinDateText(joinDate, locale)}`;
}

/** A day and time for the owner's 'Last seen' line, or null when privacy or history gives none. */
export function dateTimeText(iso: string | null, locale = 'en-US'): string | null {
  const when = iso === null ? Number.NaN : Date.parse(iso);
  if (Number.isNaN(when)) return null;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(when);
}

export interface ShownChips {
  shown: readonly string[];
  /** How many were left off, shown as '+n more'; 0 when all fit. */
  more: number;
}

/** Profile cards show the first few chips of a list and count the rest (000 §9: 5 skills, 3 interests). */
export function shownChips(all: readonly string[], count: number): ShownChips {
  const shown = all.slice(0, Math.max(0, count));
  return { shown, more: all.length - shown.length };
}

export function moreText(more: number): string {
  return `+${more} more`;
}

/** 002 §2 item 12: a status the answer does not carry reads as online. */
export function statusLabel(status: PresenceStatus | null | undefined): string {
  return PRESENCE_LABELS[status ?? 'online'];
}
