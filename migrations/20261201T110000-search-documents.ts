import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Each post's search document, stored once by the posts projection (docs/performance.md,
  // "Search"). The expression index it replaces recomputed the document for every match the
  // ranking read; a column on `posts` would travel with every feed page, which selects `p.*`.
  // `created_at` is the post's, never changed: a search for a common word walks the newest
  // documents by it and stops at the window, and a rare one reads the GIN index.
  await sql`
    create table post_search (
      post_id uuid primary key,
      created_at timestamptz not null,
      document tsvector not null
    )`.execute(db);
  await sql`insert into post_search (post_id, created_at, document)
    select id, created_at, agora_post_search(title, tags, content) from posts`.execute(db);
  await sql`create index post_search_document on post_search using gin (document)`.execute(db);
  await sql`create index post_search_created on post_search (created_at, post_id)`.execute(db);
  await sql`drop index posts_search`.execute(db);

  // Finding communities by a part of their name, description or a tag (`ilike '%text%'`), read
  // from trigram indexes. One tag containing the text implies the joined tags do, so the joined
  // text finds every candidate and the per-tag test keeps the meaning exact.
  await sql`create function agora_tags_text(tags text[]) returns text
    language sql immutable parallel safe as $$ select array_to_string(tags, ' ') $$`.execute(db);
  await sql`create index communities_name_trgm on communities
    using gin (name gin_trgm_ops)`.execute(db);
  await sql`create index communities_description_trgm on communities
    using gin (description gin_trgm_ops)`.execute(db);
  await sql`create index communities_tags_trgm on communities
    using gin (agora_tags_text(tags) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index communities_tags_trgm`.execute(db);
  await sql`drop index communities_description_trgm`.execute(db);
  await sql`drop index communities_name_trgm`.execute(db);
  await sql`drop function agora_tags_text(text[])`.execute(db);
  await sql`create index posts_search on posts
    using gin (agora_post_search(title, tags, content))`.execute(db);
  await sql`drop table post_search`.execute(db);
}
