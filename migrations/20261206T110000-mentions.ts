import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The members a post or comment mentions, projected from `MentionsSet` onto the row every read
  // and push already carries: `[{ memberId, handle, notified }]`, empty when it names nobody.
  await sql`alter table posts add column mentions jsonb not null default '[]'`.execute(db);
  await sql`alter table comments add column mentions jsonb not null default '[]'`.execute(db);
  // Who a post mentions, by member: the profile's Mentions tab reads it from the member's side.
  await sql`
    create table post_mentions (
      member_id uuid not null,
      post_id uuid not null,
      primary key (member_id, post_id)
    )`.execute(db);
  await sql`create index post_mentions_post on post_mentions (post_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table post_mentions`.execute(db);
  await sql`alter table comments drop column mentions`.execute(db);
  await sql`alter table posts drop column mentions`.execute(db);
}
