import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The likes each member's posts hold in all, the profile's Total Likes, with a per-row change
  // counter for live pushes. A read model of the post events like the others (no foreign keys).
  await sql`
    create table likes_received (
      user_id uuid primary key,
      total integer not null default 0,
      version integer not null default 0
    )`.execute(db);
  await sql`
    insert into likes_received (user_id, total, version)
    select author_id, sum(likes_count), 1 from posts group by author_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table likes_received`.execute(db);
}
