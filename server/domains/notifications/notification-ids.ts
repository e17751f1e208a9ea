import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';

/**
 * A name-based (version 5 style) UUID for the notification an event creates for a member, from
 * the event's place in its stream: known before the event is written, and the same on a rebuild.
 */
export function notificationId(
  streamId: string,
  streamVersion: number,
  recipientId: string,
): string {
  const bytes = createHash('sha1')
    .update(`notification:${streamId}:${streamVersion}:${recipientId}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether the event created a notification of its own for the member, as an SQL condition for a
 * statement after the notifications projection's: false when it merged into the member's unread
 * one, or raised none. Only a new notification changes how many they have unread.
 */
export function raisedNotification(
  event: { streamId: string; streamVersion: number },
  recipientId: string,
): RawBuilder<boolean> {
  const id = notificationId(event.streamId, event.streamVersion, recipientId);
  return sql<boolean>`exists (select 1 from notifications where id = ${id}::uuid)`;
}
