import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A member's own settings, from `MemberSettingsChanged`; a member without a row has the
  // defaults (version 0). `version` counts the changes, as the settings stream does.
  await sql`
    create table member_settings (
      user_id uuid primary key,
      email_notifications boolean not null,
      push_notifications boolean not null,
      sms_notifications boolean not null,
      marketing_emails boolean not null,
      theme text not null check (theme in ('light', 'dark', 'system')),
      font_size text not null check (font_size in ('small', 'medium', 'large')),
      version integer not null
    )`.execute(db);
  // Email change links: the address waits here until the link is followed; only the newest
  // request of a member works (issuing one voids the others, as reset links do).
  await sql`
    create table email_change_tokens (
      id uuid primary key,
      user_id uuid not null,
      new_email text not null,
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index email_change_tokens_user on email_change_tokens (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table email_change_tokens`.execute(db);
  await sql`drop table member_settings`.execute(db);
}
