import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';

/**
 * The id of the one conversation between two members, derived from the sorted pair so that two
 * members starting it at the same time arrive at the same stream. The SHA-256 digest is shaped
 * as a version-8 UUID with the RFC variant, which `z.uuid()` accepts.
 */
export function conversationIdFor(a: string, b: string): string {
  const [low, high] = [a.toLowerCase(), b.toLowerCase()].sort();
  const bytes = createHash('sha256').update(`conversation:${low}:${high}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function conversationStreamId(conversationId: string): string {
  return `conversation-${conversationId}`;
}

/** The same id, built in SQL from a conversation reference. */
export function conversationStreamIdSql(conversationId: RawBuilder<unknown>) {
  return sql<string>`'conversation-' || (${conversationId})::text`;
}

const uuid = z.uuid();

/** A path id that is not a UUID names no conversation; Postgres would refuse it as input. */
export function isUuid(value: string): boolean {
  return uuid.safeParse(value).success;
}
