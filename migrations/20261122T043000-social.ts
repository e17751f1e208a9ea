import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  // Read models (rebuilt from the log; no foreign keys so a rebuild can truncate them).
  await sql`alter table users add column privacy text not null default 'public'
    check (privacy in ('public', 'friendsOnly', 'private'))`.execute(db);
  await sql`create index users_username_trgm on users using gin (lower(username) gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index users_display_name_trgm on users using gin (lower(display_name) gin_trgm_ops)`.execute(
    db,
  );

  await sql`
    create table friend_requests (
      id uuid primary key,
      from_user_id uuid not null,
      to_user_id uuid not null,
      status text not null check (status in ('pending', 'accepted', 'rejected', 'cancelled')),
      message text,
      created_at timestamptz not null,
      responded_at timestamptz
    )`.execute(db);
  await sql`create index friend_requests_to on friend_requests (to_user_id, status)`.execute(db);
  await sql`create index friend_requests_from on friend_requests (from_user_id, created_at)`.execute(
    db,
  );
  await sql`create unique index friend_requests_one_pending on friend_requests
    (least(from_user_id, to_user_id), greatest(from_user_id, to_user_id)) where status = 'pending'`.execute(
    db,
  );

  // Two rows per friendship, one from each side: each side keeps its own permissions.
  await sql`
    create table friendships (
      user_id uuid not null,
      friend_id uuid not null,
      since timestamptz not null,
      last_interaction_at timestamptz not null,
      trust_level integer not null,
      permissions text[] not null,
      primary key (user_id, friend_id)
    )`.execute(db);
  await sql`create index friendships_friend on friendships (friend_id)`.execute(db);

  await sql`
    create table blocks (
      user_id uuid not null,
      blocked_user_id uuid not null,
      created_at timestamptz not null,
      primary key (user_id, blocked_user_id)
    )`.execute(db);
  await sql`create index blocks_blocked on blocks (blocked_user_id)`.execute(db);

  await sql`
    create table conversations (
      id uuid primary key,
      participant_ids uuid[] not null,
      message_count integer not null default 0,
      last_message_id uuid,
      last_message_content text,
      last_message_sender_id uuid,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);

  // Each participant's view of a conversation; `version` rises with every change to it.
  await sql`
    create table conversation_members (
      conversation_id uuid not null,
      user_id uuid not null,
      contact_id uuid not null,
      unread_count integer not null default 0 check (unread_count >= 0),
      delivered_seq integer not null default 0,
      read_seq integer not null default 0,
      is_pinned boolean not null default false,
      is_starred boolean not null default false,
      is_archived boolean not null default false,
      version integer not null default 0,
      primary key (conversation_id, user_id)
    )`.execute(db);
  await sql`create index conversation_members_user on conversation_members (user_id)`.execute(db);

  await sql`
    create table messages (
      id uuid primary key,
      conversation_id uuid not null,
      seq integer not null,
      sender_id uuid not null,
      content text not null,
      created_at timestamptz not null,
      unique (conversation_id, seq)
    )`.execute(db);

  await sql`
    create table notifications (
      id uuid primary key,
      user_id uuid not null,
      type text not null,
      group_key text not null,
      title text not null,
      content text not null,
      actor_ids uuid[] not null,
      actor_count integer not null,
      priority text not null default 'normal',
      action_url text not null,
      action_data jsonb not null,
      read boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index notifications_user on notifications (user_id, updated_at desc, id desc)`.execute(
    db,
  );
  await sql`create index notifications_group on notifications (user_id, group_key) where not read`.execute(
    db,
  );

  await sql`
    create table notification_preferences (
      user_id uuid primary key,
      preferences jsonb not null
    )`.execute(db);

  // Operational state: presence is not history, so it stays out of the log.
  await sql`
    create table socket_presence (
      socket_id text primary key,
      user_id uuid not null,
      node_id text not null,
      visible boolean not null default true,
      last_active_at timestamptz not null default now(),
      heartbeat_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index socket_presence_user on socket_presence (user_id)`.execute(db);
  await sql`
    create table last_seen (
      user_id uuid primary key,
      last_seen_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'last_seen',
    'socket_presence',
    'notification_preferences',
    'notifications',
    'messages',
    'conversation_members',
    'conversations',
    'blocks',
    'friendships',
    'friend_requests',
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
  await sql`drop index if exists users_username_trgm`.execute(db);
  await sql`drop index if exists users_display_name_trgm`.execute(db);
  await sql`alter table users drop column if exists privacy`.execute(db);
}
