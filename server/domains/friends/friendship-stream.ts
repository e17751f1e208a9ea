import { sql, type RawBuilder } from 'kysely';

/** Everything between two members lives on one stream, whichever of them acts. */
export function friendshipStreamId(a: string, b: string): string {
  const [lower, higher] = a < b ? [a, b] : [b, a];
  return `friendship-${lower}-${higher}`;
}

/**
 * The same id, built in SQL from two member references. A uuid orders as its lowercase text does,
 * so `least` picks the member that `friendshipStreamId` puts first.
 */
export function friendshipStreamIdSql(a: RawBuilder<unknown>, b: RawBuilder<unknown>) {
  return sql<string>`'friendship-' || least(${a}, ${b})::text || '-' || greatest(${a}, ${b})::text`;
}
