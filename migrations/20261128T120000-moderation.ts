import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Moderators rank between members and owners (owners moderate too).
  await sql`alter table users drop constraint users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check
    check (role in ('member', 'moderator', 'owner'))`.execute(db);
  // A hidden or removed comment is left out of every thread but its author's.
  await sql`alter table comments
    add column moderation_state text not null default 'visible'
      check (moderation_state in ('visible', 'hidden', 'removed')),
    add column moderation_reason text`.execute(db);
  // Read models of the moderation events: no foreign keys, a replay rebuilds them.
  await sql`
    create table moderation_items (
      target_id uuid primary key,
      target_type text not null check (target_type in ('post', 'comment')),
      post_id uuid not null,
      author_id uuid not null,
      status text not null check (status in ('open', 'resolved')),
      report_count int not null default 0,
      last_reported_at timestamptz not null,
      last_action text,
      version int not null default 1
    )`.execute(db);
  await sql`create index moderation_items_queue
    on moderation_items (status, last_reported_at desc, target_id desc)`.execute(db);
  await sql`create index moderation_items_author on moderation_items (author_id)`.execute(db);
  await sql`
    create table content_reports (
      id uuid primary key,
      target_id uuid not null,
      reporter_id uuid not null,
      reason text not null,
      note text,
      created_at timestamptz not null,
      unique (target_id, reporter_id)
    )`.execute(db);
  await sql`create index content_reports_reporter on content_reports (reporter_id)`.execute(db);
  // The audit list: one row per moderator action, keyed by the event's stream position.
  await sql`
    create table moderation_audit (
      id text primary key,
      moderator_id uuid,
      action text not null,
      target_type text not null,
      target_id uuid not null,
      member_id uuid,
      reason text not null,
      until timestamptz,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index moderation_audit_order on moderation_audit (created_at desc, id desc)`.execute(
    db,
  );
  await sql`
    create table member_suspensions (
      user_id uuid primary key,
      moderator_id uuid,
      reason text not null,
      until timestamptz,
      created_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table member_suspensions, moderation_audit, content_reports, moderation_items`.execute(
    db,
  );
  await sql`alter table comments drop column moderation_state, drop column moderation_reason`.execute(
    db,
  );
  await sql`update users set role = 'member' where role = 'moderator'`.execute(db);
  await sql`alter table users drop constraint users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check
    check (role in ('member', 'owner'))`.execute(db);
}
