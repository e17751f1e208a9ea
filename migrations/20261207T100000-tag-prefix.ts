import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The search box finds tags by their beginning: a byte-order ("C") index answers `like 'ab%'`
  // as a range and lets the distinct tags be read one index probe each (a skip scan), whatever
  // the database's collation.
  await sql`create index post_hashtags_tag_prefix on post_hashtags ((tag collate "C"))
    where feed_seq is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index post_hashtags_tag_prefix`.execute(db);
}
