import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Read models (rebuilt from the log by projections; no foreign keys so a rebuild can truncate them).
  await sql`
    create table users (
      id uuid primary key,
      username text not null,
      email text not null,
      password_hash text not null,
      role text not null check (role in ('member', 'owner')),
      status text not null check (status in ('active', 'disabled')),
      display_name text not null,
      avatar text,
      email_verified boolean not null default false,
      stream_version integer not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create unique index users_username_lower on users (lower(username))`.execute(db);
  await sql`create unique index users_email_lower on users (lower(email))`.execute(db);

  await sql`
    create table password_reset_tokens (
      id uuid primary key,
      user_id uuid not null,
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null
    )`.execute(db);

  await sql`
    create table badges (
      user_id uuid primary key,
      notifications integer not null default 0 check (notifications >= 0),
      messages integer not null default 0 check (messages >= 0),
      friend_requests integer not null default 0 check (friend_requests >= 0),
      version integer not null default 0
    )`.execute(db);

  // Operational state: not derived from the log, never touched by a rebuild.
  await sql`
    create table sessions (
      id uuid primary key,
      token_hash text not null unique,
      user_id uuid not null,
      remember_me boolean not null,
      created_at timestamptz not null default now(),
      last_activity_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index sessions_user on sessions (user_id)`.execute(db);

  await sql`
    create table sign_in_throttle (
      email text primary key,
      failures integer not null,
      window_started_at timestamptz not null,
      locked_until timestamptz
    )`.execute(db);

  await sql`
    create table email_outbox (
      id uuid primary key,
      template text not null,
      recipient text not null,
      subject text not null,
      html_body text not null,
      text_body text not null,
      data jsonb not null,
      priority text not null default 'normal' check (priority in ('low', 'normal', 'high')),
      status text not null default 'pending'
        check (status in ('pending', 'processing', 'sent', 'failed')),
      attempts integer not null default 0,
      last_error text,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    )`.execute(db);
  await sql`create index email_outbox_pending on email_outbox (status, priority, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'email_outbox',
    'sign_in_throttle',
    'sessions',
    'badges',
    'password_reset_tokens',
    'users',
  ]) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
