import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The feed's order: the log position of the post's first `PostPublished`. Publishing takes the
  // feed-order lock before it appends, so positions of publications rise in commit order and a
  // post committed after a reader's page always sorts above it (docs/architecture.md, Posts).
  await sql`alter table posts add column feed_seq bigint`.execute(db);
  await sql`
    update posts p set feed_seq = (
      select min(e.global_position) from events e
      where e.stream_id = 'post-' || p.id::text and e.type = 'PostPublished')
    where p.published_at is not null`.execute(db);
  // One author's published posts newest first; with the id included, the per-author scans of
  // the feed's merge read the index alone.
  await sql`create index posts_author_feed on posts (author_id, feed_seq desc) include (id)
    where status = 'published'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index posts_author_feed`.execute(db);
  await sql`alter table posts drop column feed_seq`.execute(db);
}
