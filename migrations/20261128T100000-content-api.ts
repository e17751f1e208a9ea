import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The content API's face of a post (002 §7 "Content"): its type, free metadata, and who may
  // comment on or share it beside who may see it (visibility).
  await sql`alter table posts
    add column content_type text not null default 'post'
      check (content_type in ('post', 'article', 'image', 'video', 'link')),
    add column metadata jsonb not null default '{}'::jsonb,
    add column comment_audience text not null default 'public'
      check (comment_audience in ('public', 'friendsOnly', 'private')),
    add column share_audience text not null default 'public'
      check (share_audience in ('public', 'friendsOnly', 'private'))`.execute(db);
  // Search is an expression index, not a stored generated column: every post read selects
  // `p.*`, and a stored tsvector would travel with each feed page. An indexed expression must
  // be immutable; `array_to_string` is only stable (it could format elements by locale), which
  // never matters for text[], and the configuration is named, so the wrapper may say immutable.
  await sql`create function agora_post_search(title text, tags text[], content text)
    returns tsvector language sql immutable parallel safe as $$
      select setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
        || setweight(to_tsvector('english'::regconfig, array_to_string(tags, ' ')), 'B')
        || setweight(to_tsvector('english'::regconfig, coalesce(content, '')), 'C')
    $$`.execute(db);
  await sql`create index posts_search on posts
    using gin (agora_post_search(title, tags, content))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index posts_search`.execute(db);
  await sql`drop function agora_post_search(text, text[], text)`.execute(db);
  await sql`alter table posts drop column content_type, drop column metadata,
    drop column comment_audience, drop column share_audience`.execute(db);
}
