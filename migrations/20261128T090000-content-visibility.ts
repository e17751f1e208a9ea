import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // What the content API and moderation add to who sees a post (relations-policy `postVisible`):
  // a post in the trash is nobody's to read until it is restored or purged, and a post a
  // moderator hid is its author's alone.
  await sql`alter table posts
    add column deleted_at timestamptz,
    add column moderation_state text not null default 'visible'
      check (moderation_state in ('visible', 'hidden', 'removed')),
    add column moderation_reason text`.execute(db);
  // Members a post's author named for one action beyond the audience its setting gives
  // (`PATCH /content/{id}/permissions`). A read model of the post events: no foreign keys.
  await sql`
    create table post_grants (
      post_id uuid not null,
      user_id uuid not null,
      action text not null check (action in ('view', 'comment', 'share')),
      primary key (post_id, action, user_id)
    )`.execute(db);
  await sql`create index post_grants_user on post_grants (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table post_grants`.execute(db);
  await sql`alter table posts drop column deleted_at, drop column moderation_state,
    drop column moderation_reason`.execute(db);
}
