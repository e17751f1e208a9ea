import type { MessageStatus } from '../../../shared/social';
import type { Clock } from '../../lib/clock';

export const STATUS_LABELS: Record<MessageStatus, string> = {
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
};

const FORMATS = {
  time: { hour: '2-digit', minute: '2-digit' },
  date: { month: 'short', day: 'numeric' },
  full: { dateStyle: 'medium', timeStyle: 'short' },
  day: { year: 'numeric', month: 'numeric', day: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** Built on first use for each clock and kept (a formatter loads its locale's data). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(name: keyof typeof FORMATS, { locale, timeZone }: Clock): Intl.DateTimeFormat {
  const key = `${name}|${locale ?? ''}|${timeZone ?? ''}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...FORMATS[name], timeZone });
    formatters.set(key, format);
  }
  return format;
}

export function formatMessageTime(iso: string, clock: Clock = {}): string {
  return formatter('time', clock).format(new Date(iso));
}

/** For a tooltip or a screen reader: the full date and time. */
export function formatFullTime(iso: string, clock: Clock = {}): string {
  return formatter('full', clock).format(new Date(iso));
}

/** The list shows the time for today's activity (on the clock's calendar) and the date before. */
export function formatConversationTime(
  iso: string,
  now: Date = new Date(),
  clock: Clock = {},
): string {
  const at = new Date(iso);
  const day = formatter('day', clock);
  return formatter(day.format(at) === day.format(now) ? 'time' : 'date', clock).format(at);
}

/** The preview line of a conversation row. */
export function previewText(lastMessage: string | null, sentByViewer: boolean): string {
  if (lastMessage === null) return 'No messages yet';
  return sentByViewer ? `You: ${lastMessage}` : lastMessage;
}
