import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // People search reads the members nearest a text by trigram distance (`<->`), nearest first,
  // and stops after a few: GiST can give that order, the existing GIN indexes cannot
  // (docs/performance.md, "People search by nearest names"). They are on the names collated "C"
  // (the same text: trigrams ignore collation) so that only the nearest-names reading, which
  // writes them so, uses them: a bitmap scan of GiST walks the whole index, and on the plain
  // expression the planner took it over the GIN indexes for the matching of a part of a name.
  // The pattern indexes answer, for any collation, whether some member starting with the text
  // was not among those read (`^@`).
  await sql`create index users_username_trgm_gist on users
    using gist ((lower(username) collate "C") gist_trgm_ops)`.execute(db);
  await sql`create index users_display_name_trgm_gist on users
    using gist ((lower(display_name) collate "C") gist_trgm_ops)`.execute(db);
  await sql`create index users_username_pattern on users
    (lower(username) text_pattern_ops)`.execute(db);
  await sql`create index users_display_name_pattern on users
    (lower(display_name) text_pattern_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_display_name_pattern`.execute(db);
  await sql`drop index users_username_pattern`.execute(db);
  await sql`drop index users_display_name_trgm_gist`.execute(db);
  await sql`drop index users_username_trgm_gist`.execute(db);
}
