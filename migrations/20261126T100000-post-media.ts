import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The files attached to each post, in order (read model of PostDrafted and PostEdited; no
  // foreign keys, so a rebuild can truncate it).
  await sql`
    create table post_media (
      post_id uuid not null,
      file_id uuid not null,
      position integer not null,
      primary key (post_id, position)
    )`.execute(db);
  // `/cdn` asks whether a file is attached to a post the reader may see.
  await sql`create index post_media_file on post_media (file_id)`.execute(db);
  // Trending and the video page read every author's published posts newest first: trending by
  // a range of publication times, the video page by keyset on (published_at, id).
  await sql`create index posts_published on posts (published_at desc, id desc)
    where status = 'published'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index posts_published`.execute(db);
  await sql`drop table post_media`.execute(db);
}
