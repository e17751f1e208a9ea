import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Read models of the post events (no foreign keys, so a rebuild can truncate them).
  await sql`
    create table posts (
      id uuid primary key,
      author_id uuid not null,
      number integer not null,
      title text not null,
      content text not null,
      excerpt text not null,
      featured_image text,
      location text,
      status text not null check (status in ('draft', 'published', 'private')),
      visibility text not null check (visibility in ('public', 'friendsOnly', 'private')),
      categories text[] not null,
      tags text[] not null,
      seo_title text not null,
      seo_description text not null,
      allow_comments boolean not null,
      allow_sharing boolean not null,
      word_count integer not null,
      read_time integer not null,
      views_count integer not null default 0,
      likes_count integer not null default 0,
      comments_count integer not null default 0,
      shares_count integer not null default 0,
      created_at timestamptz not null,
      published_at timestamptz,
      edited_at timestamptz,
      version integer not null default 1,
      unique (author_id, number)
    )`.execute(db);
  // The feed reads each author's published posts newest first and pages by keyset on
  // (published_at, id); only published posts are ever in it.
  await sql`create index posts_author_published on posts (author_id, published_at desc, id desc)
    where status = 'published'`.execute(db);
  // My Posts: every post of the author, newest first.
  await sql`create index posts_author_created on posts (author_id, created_at desc, id desc)`.execute(
    db,
  );

  // The last number given to each author's posts: deleting a post does not free its number.
  await sql`
    create table post_numbers (
      author_id uuid primary key,
      last_number integer not null
    )`.execute(db);

  await sql`
    create table post_likes (
      post_id uuid not null,
      user_id uuid not null,
      liked_at timestamptz not null,
      primary key (post_id, user_id)
    )`.execute(db);
  await sql`create index post_likes_user on post_likes (user_id)`.execute(db);

  await sql`
    create table comments (
      id uuid primary key,
      post_id uuid not null,
      author_id uuid not null,
      parent_id uuid,
      depth integer not null check (depth between 0 and 3),
      content text not null,
      likes_count integer not null default 0,
      created_at timestamptz not null,
      edited_at timestamptz,
      version integer not null default 1
    )`.execute(db);
  await sql`create index comments_post on comments (post_id, created_at, id)`.execute(db);
  await sql`create index comments_parent on comments (parent_id)`.execute(db);

  await sql`
    create table comment_likes (
      comment_id uuid not null,
      user_id uuid not null,
      post_id uuid not null,
      liked_at timestamptz not null,
      primary key (comment_id, user_id)
    )`.execute(db);
  await sql`create index comment_likes_post on comment_likes (post_id)`.execute(db);

  await sql`
    create table saved_posts (
      user_id uuid not null,
      post_id uuid not null,
      saved_at timestamptz not null,
      primary key (user_id, post_id)
    )`.execute(db);
  // Saved posts page newest saved first, by keyset on (saved_at, post_id).
  await sql`create index saved_posts_user_saved on saved_posts (user_id, saved_at desc, post_id desc)`.execute(
    db,
  );
  await sql`create index saved_posts_post on saved_posts (post_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table saved_posts`.execute(db);
  await sql`drop table comment_likes`.execute(db);
  await sql`drop table comments`.execute(db);
  await sql`drop table post_likes`.execute(db);
  await sql`drop table post_numbers`.execute(db);
  await sql`drop table posts`.execute(db);
}
