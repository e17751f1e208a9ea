import type { Trx } from '../../db/schema';

/** Everything between two members lives on one stream, whichever of them acts. */
export function friendshipStreamId(a: string, b: string): string {
  const [lower, higher] = a < b ? [a, b] : [b, a];
  return `friendship-${lower}-${higher}`;
}

/** The stream's version as this transaction sees it; 0 for a stream with no events yet. */
export async function currentStreamVersion(trx: Trx, streamId: string): Promise<number> {
  const row = await trx
    .selectFrom('events')
    .select((eb) => eb.fn.max('stream_version').as('version'))
    .where('stream_id', '=', streamId)
    .executeTakeFirst();
  return row?.version ?? 0;
}
