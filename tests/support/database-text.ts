import { sql } from 'kysely';
import type { Db } from '../../server/db/schema';

/**
 * Every row of every table of the database as text, by table: what a dump of it would hold, to
 * search for values that must be nowhere.
 */
export async function databaseAsText(db: Db): Promise<Map<string, string>> {
  const { rows: tables } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(db);
  const text = new Map<string, string>();
  for (const { table_name } of tables) {
    const { rows } = await sql<{ dump: string | null }>`
      select string_agg(t::text, E'\n') as dump from ${sql.table(table_name)} t`.execute(db);
    text.set(table_name, rows[0]?.dump ?? '');
  }
  return text;
}

/** The tables whose text contains any of `needles` (case-insensitive), with the needle found. */
export async function tablesContaining(db: Db, needles: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const [table, dump] of await databaseAsText(db)) {
    const lower = dump.toLowerCase();
    for (const needle of needles) {
      if (lower.includes(needle.toLowerCase())) found.push(`${table}: ${needle}`);
    }
  }
  return found;
}
