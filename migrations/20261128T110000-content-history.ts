import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Read models of the content history (server/domains/content-history), rebuilt from the log:
  // no foreign keys, as every read model. `author_id` on each is whose they are on erasure.
  await sql`
    create table post_versions (
      post_id uuid not null,
      version_no integer not null,
      author_id uuid not null,
      actor_id uuid not null,
      status text not null,
      fields jsonb not null,
      created_at timestamptz not null,
      primary key (post_id, version_no)
    )`.execute(db);
  await sql`create index post_versions_author on post_versions (author_id)`.execute(db);
  await fillVersionsFromLog(db);
  await sql`
    create table content_backups (
      id uuid primary key,
      post_id uuid not null,
      author_id uuid not null,
      actor_id uuid not null,
      snapshot jsonb not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index content_backups_post on content_backups (post_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index content_backups_author on content_backups (author_id)`.execute(db);
  await sql`
    create table content_analytics (
      post_id uuid not null,
      day date not null,
      metric text not null,
      author_id uuid not null,
      count integer not null check (count >= 0),
      primary key (post_id, day, metric)
    )`.execute(db);
  await sql`create index content_analytics_author on content_analytics (author_id)`.execute(db);
}

/**
 * Posts written before this migration get their versions from the log, as the projection would
 * have made them (a rebuild gives the same rows; the content-history test compares the two).
 */
export async function fillVersionsFromLog(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into post_versions (post_id, version_no, author_id, actor_id, status, fields, created_at)
    select p.id,
      row_number() over (partition by p.id order by e.stream_version)::int,
      p.author_id,
      coalesce((e.metadata ->> 'actorId')::uuid, p.author_id),
      e.data ->> 'status',
      (e.data - 'postId' - 'authorId' - 'status' - 'number' - 'wordCount' - 'readTime')
        || jsonb_build_object('mediaIds', coalesce(e.data -> 'mediaIds', '[]'::jsonb),
          'contentType', coalesce(e.data -> 'contentType', '"post"'::jsonb)),
      e.occurred_at
    from events e join posts p on e.stream_id = 'post-' || p.id::text
    where e.type in ('PostDrafted', 'PostEdited')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table content_analytics`.execute(db);
  await sql`drop table content_backups`.execute(db);
  await sql`drop table post_versions`.execute(db);
}
