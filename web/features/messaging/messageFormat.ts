import type { MessageStatus } from '../../../shared/social';

export const STATUS_LABELS: Record<MessageStatus, string> = {
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
};

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dateFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatMessageTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}

/** For a tooltip or a screen reader: the full date and time. */
export function formatFullTime(iso: string): string {
  return fullFormat.format(new Date(iso));
}

/** The list shows the time for today's activity and the date for anything older. */
export function formatConversationTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  return at.toDateString() === now.toDateString() ? timeFormat.format(at) : dateFormat.format(at);
}

/** The preview line of a conversation row. */
export function previewText(lastMessage: string | null, sentByViewer: boolean): string {
  if (lastMessage === null) return 'No messages yet';
  return sentByViewer ? `You: ${lastMessage}` : lastMessage;
}
