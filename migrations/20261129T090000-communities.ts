import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Read models of the communities domain, shared with the domains that write inside a community
  // (discussions and community posts, calendar events): they bump the counts and a member's
  // activity in the same statements that project their own events.
  await sql`
    create table communities (
      id uuid primary key,
      name text not null,
      description text not null default '',
      category text not null check (category in ('technology', 'health', 'education', 'business',
        'hobbies', 'lifestyle', 'sports', 'arts', 'gaming', 'other')),
      privacy text not null check (privacy in ('public', 'restricted', 'private')),
      website text,
      email text,
      location text,
      tags text[] not null default '{}',
      avatar_url text,
      banner_url text,
      rules text not null default '',
      welcome_message text not null default '',
      created_by uuid,
      created_at timestamptz not null,
      member_count int not null default 0,
      discussion_count int not null default 0,
      post_count int not null default 0,
      event_count int not null default 0,
      version int not null default 0
    )`.execute(db);
  await sql`create index communities_name on communities (lower(name))`.execute(db);
  // A member of a community, or one asking to join a restricted one ('pending'). `last_active_at`
  // is the last time they posted, replied or joined an event there: the hub's engagement figure.
  await sql`
    create table community_members (
      community_id uuid not null,
      user_id uuid not null,
      role text not null check (role in ('admin', 'moderator', 'vip', 'newcomer', 'member')),
      status text not null check (status in ('active', 'pending')),
      joined_at timestamptz not null,
      last_active_at timestamptz,
      post_count int not null default 0,
      likes_received int not null default 0,
      primary key (community_id, user_id)
    )`.execute(db);
  await sql`create index community_members_user on community_members (user_id)`.execute(db);
  await sql`
    create table community_invitations (
      community_id uuid not null,
      user_id uuid not null,
      invited_by uuid not null,
      invited_at timestamptz not null,
      primary key (community_id, user_id)
    )`.execute(db);
  await sql`create index community_invitations_user on community_invitations (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table community_invitations`.execute(db);
  await sql`drop table community_members`.execute(db);
  await sql`drop table communities`.execute(db);
}
