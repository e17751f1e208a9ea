import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The card each post, comment and message shows, projected from `LinkPreviewAttached` and
  // `LinkPreviewRemoved` onto the row every read already selects: `{ url, title, description,
  // siteName, image, version }`, or `{ url, removed: true, version }` once the author took it
  // off. Null while there is none.
  await sql`alter table posts add column link_preview jsonb`.execute(db);
  await sql`alter table comments add column link_preview jsonb`.execute(db);
  await sql`alter table messages add column link_preview jsonb`.execute(db);
  // Operational, not read models (a rebuild keeps them): what a page said when last fetched,
  // per normalised URL (`card` null when it gave nothing usable), and the fetches that commands
  // queued for the worker after their commit.
  await sql`
    create table link_preview_cache (
      url text primary key,
      card jsonb,
      fetched_at timestamptz not null
    )`.execute(db);
  await sql`
    create table link_preview_jobs (
      target_kind text not null check (target_kind in ('post', 'comment', 'message')),
      target_id uuid not null,
      author_id uuid not null,
      url text not null,
      queued_at timestamptz not null default now(),
      primary key (target_kind, target_id)
    )`.execute(db);
  await sql`create index link_preview_jobs_queued on link_preview_jobs (queued_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table link_preview_jobs`.execute(db);
  await sql`drop table link_preview_cache`.execute(db);
  await sql`alter table messages drop column link_preview`.execute(db);
  await sql`alter table comments drop column link_preview`.execute(db);
  await sql`alter table posts drop column link_preview`.execute(db);
}
