import { createHash } from 'node:crypto';

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
