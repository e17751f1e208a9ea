import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A discussion keeps its replies count and last reply on its row, so the hub's list reads one
  // row per discussion; `last_activity_at` (the start or the last reply) orders it.
  await sql`
    create table discussions (
      id uuid primary key,
      community_id uuid not null,
      author_id uuid not null,
      title text not null,
      content text not null,
      category text not null,
      tags text[] not null default '{}',
      is_sticky boolean not null default false,
      is_locked boolean not null default false,
      replies_count int not null default 0,
      views_count int not null default 0,
      last_reply_author_id uuid,
      last_reply_at timestamptz,
      last_activity_at timestamptz not null,
      created_at timestamptz not null,
      version int not null default 0
    )`.execute(db);
  await sql`create index discussions_hub on discussions
    (community_id, is_sticky desc, last_activity_at desc, id desc)`.execute(db);
  await sql`create index discussions_author on discussions (author_id)`.execute(db);
  await sql`
    create table discussion_replies (
      id uuid primary key,
      discussion_id uuid not null,
      community_id uuid not null,
      author_id uuid not null,
      content text not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index discussion_replies_thread on discussion_replies
    (discussion_id, created_at, id)`.execute(db);
  await sql`create index discussion_replies_author on discussion_replies (author_id)`.execute(db);
  // Who has viewed a discussion: a view counts once per member.
  await sql`
    create table discussion_views (
      discussion_id uuid not null,
      user_id uuid not null,
      primary key (discussion_id, user_id)
    )`.execute(db);
  await sql`create index discussion_views_user on discussion_views (user_id)`.execute(db);
  await sql`
    create table community_posts (
      id uuid primary key,
      community_id uuid not null,
      author_id uuid not null,
      category text not null check (category in ('general', 'question', 'discussion',
        'announcement', 'showcase')),
      content text not null,
      tags text[] not null default '{}',
      is_pinned boolean not null default false,
      is_announcement boolean not null default false,
      likes_count int not null default 0,
      created_at timestamptz not null,
      version int not null default 0
    )`.execute(db);
  await sql`create index community_posts_hub on community_posts
    (community_id, is_pinned desc, created_at desc, id desc)`.execute(db);
  await sql`create index community_posts_author on community_posts (author_id)`.execute(db);
  await sql`
    create table community_post_likes (
      post_id uuid not null,
      user_id uuid not null,
      liked_at timestamptz not null,
      primary key (post_id, user_id)
    )`.execute(db);
  await sql`create index community_post_likes_user on community_post_likes (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table community_post_likes`.execute(db);
  await sql`drop table community_posts`.execute(db);
  await sql`drop table discussion_views`.execute(db);
  await sql`drop table discussion_replies`.execute(db);
  await sql`drop table discussions`.execute(db);
}
