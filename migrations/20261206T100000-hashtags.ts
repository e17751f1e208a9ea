import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Each post's hashtags (of its content, normalised), whatever its state: the tag page filters
  // by the relations policy at read time. Feed order and publication time are copied from the
  // post, so a tag's page is one range scan of (tag, feed_seq) and the trending window one of
  // published_at.
  await sql`
    create table post_hashtags (
      post_id uuid not null,
      tag text not null,
      author_id uuid not null,
      feed_seq bigint,
      published_at timestamptz,
      primary key (post_id, tag)
    )`.execute(db);
  await sql`create index post_hashtags_tag_feed on post_hashtags (tag, feed_seq desc)
    where feed_seq is not null`.execute(db);
  await sql`create index post_hashtags_published on post_hashtags (published_at)
    where published_at is not null`.execute(db);
  await sql`create index post_hashtags_author on post_hashtags (author_id)`.execute(db);

  // The tags each member follows; by tag, for the fan-out of a new post to its followers.
  await sql`
    create table tag_follows (
      member_id uuid not null,
      tag text not null,
      followed_at timestamptz not null,
      primary key (member_id, tag)
    )`.execute(db);
  await sql`create index tag_follows_tag on tag_follows (tag)`.execute(db);

  // Posts that joined a member's home feed through a tag they follow, one row per followed tag
  // the post carries; merged into the home timeline when the feed is read.
  await sql`
    create table tag_timelines (
      member_id uuid not null,
      feed_seq bigint not null,
      tag text not null,
      primary key (member_id, feed_seq, tag)
    )`.execute(db);
  await sql`create index tag_timelines_feed_seq on tag_timelines (feed_seq)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table tag_timelines`.execute(db);
  await sql`drop table tag_follows`.execute(db);
  await sql`drop table post_hashtags`.execute(db);
}
