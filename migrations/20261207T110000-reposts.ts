import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Counts shown on the original and pushed live beside its likes.
  await sql`alter table posts add column reposts_count integer not null default 0`.execute(db);
  await sql`alter table posts add column quotes_count integer not null default 0`.execute(db);
  // Who reposted what; `feed_seq` is the log position of the repost, where it sorts in feeds.
  await sql`
    create table reposts (
      post_id uuid not null,
      member_id uuid not null,
      reposted_at timestamptz not null,
      feed_seq bigint not null,
      primary key (post_id, member_id)
    )`.execute(db);
  await sql`create index reposts_member_feed on reposts (member_id, feed_seq desc)`.execute(db);
  // A quote keeps its row when the original goes, so it can say "This post is unavailable".
  await sql`
    create table post_quotes (
      quote_id uuid primary key,
      quoted_id uuid not null
    )`.execute(db);
  await sql`create index post_quotes_quoted on post_quotes (quoted_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table post_quotes`.execute(db);
  await sql`drop table reposts`.execute(db);
  await sql`alter table posts drop column quotes_count`.execute(db);
  await sql`alter table posts drop column reposts_count`.execute(db);
}
