import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Operational, like sessions: outside every projection, so neither a rebuild nor a restore
  // (which replace the read models and the log) forgets who asked to be erased.
  await sql`
    create table erased_members (
      user_id uuid primary key,
      erased_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table erased_members`.execute(db);
}
