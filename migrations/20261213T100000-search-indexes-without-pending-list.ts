import { sql, type Kysely } from 'kysely';

/**
 * The GIN indexes member-facing search reads: people, communities and posts. Each is read far
 * more often than written (a sign-up, a rename, a post published or edited).
 */
const SEARCH_INDEXES = [
  'users_username_trgm',
  'users_display_name_trgm',
  'communities_name_trgm',
  'communities_description_trgm',
  'communities_tags_trgm',
  'post_search_document',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // With GIN's fast update on, new entries wait in a pending list, which every search reads in
  // full and which only a vacuum or a full list (4 MB) empties; autovacuum comes after 1,000 +
  // 20% of a table's rows were inserted. 1,000 members waiting there made the planner cost the
  // index above a sequential scan, and a one-match people search took 37 ms instead of 3; half a
  // list of post documents adds a millisecond or two to a rare word's search, and the post that
  // fills it pays for emptying it (75 ms). Each write now goes into the index at once, for about
  // 0.1 ms more (docs/performance.md, "Search indexes without a pending list"). The operators'
  // log search keeps the list: log lines are written far more often than searched.
  for (const index of SEARCH_INDEXES) {
    await sql`alter index ${sql.ref(index)} set (fastupdate = off)`.execute(db);
    // Turning it off does not empty the list already there.
    await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of SEARCH_INDEXES) {
    await sql`alter index ${sql.ref(index)} reset (fastupdate)`.execute(db);
  }
}
