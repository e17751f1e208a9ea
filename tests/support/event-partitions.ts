import { sql } from 'kysely';
import type { Db } from '../../server/db/schema';

/** One partition of the event log and its position range (`from` null for MINVALUE). */
export interface Partition {
  name: string;
  from: number | null;
  to: number;
}

export async function partitionsOf(db: Db): Promise<Partition[]> {
  const { rows } = await sql<{ name: string; bound: string }>`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'events'::regclass`.execute(db);
  const number = (text: string | undefined) =>
    text === undefined || text === 'MINVALUE' ? null : Number(text.replaceAll("'", ''));
  return rows
    .map(({ name, bound }) => {
      const [, from, to] = /FROM \((.+)\) TO \((.+)\)/.exec(bound)!;
      return { name, from: number(from), to: number(to)! };
    })
    .sort((a, b) => a.to - b.to);
}

/** Events per partition that holds any. */
export async function eventsByPartition(db: Db): Promise<Map<string, number>> {
  const { rows } = await sql<{ name: string; count: number }>`
    select tableoid::regclass::text as name, count(*)::int as count from events group by 1`.execute(
    db,
  );
  return new Map(rows.map((row) => [row.name, row.count]));
}

/**
 * A test database whose log goes on in partitions of `span` positions, so that a few hundred
 * events cross several boundaries: the template's partitions after the first (empty, of the
 * default span) are dropped, and the servers started with the answered environment make the
 * small ones ahead of need, `ahead` spans past the newest event, checking every 100 ms.
 */
export async function useSmallPartitions(
  db: Db,
  span: number,
  ahead: number,
): Promise<Record<string, string>> {
  for (const partition of await partitionsOf(db)) {
    if (partition.name !== 'events_p0')
      await sql`drop table ${sql.table(partition.name)}`.execute(db);
  }
  return {
    EVENT_PARTITION_SPAN: String(span),
    EVENT_PARTITIONS_AHEAD: String(ahead),
    EVENT_PARTITION_CHECK_MS: '100',
  };
}
