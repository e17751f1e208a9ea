import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Read models of the profile events (no foreign keys, so a rebuild can truncate them). Name,
  // avatar, email, username and privacy stay on `users`; this is the rest of the profile.
  await sql`
    create table profiles (
      user_id uuid primary key,
      bio text not null default '',
      job_title text not null default '',
      company text not null default '',
      location text not null default '',
      phone text not null default '',
      website text not null default '',
      birth_date date,
      banner text,
      banner_file_id uuid,
      avatar_file_id uuid,
      skills jsonb not null default '[]',
      interests jsonb not null default '[]',
      languages jsonb not null default '[]',
      certifications jsonb not null default '[]',
      experience jsonb not null default '[]',
      education jsonb not null default '[]',
      social_links jsonb not null default '[]',
      card_settings jsonb not null,
      version integer not null default 0,
      updated_at timestamptz not null
    )`.execute(db);

  await sql`
    create table follows (
      follower_id uuid not null,
      followee_id uuid not null,
      created_at timestamptz not null,
      primary key (follower_id, followee_id)
    )`.execute(db);
  // A member's followers, newest first (the followers list pages by keyset on this order).
  await sql`create index follows_followee on follows (followee_id, created_at desc, follower_id)`.execute(
    db,
  );
  await sql`create index follows_follower on follows (follower_id, created_at desc, followee_id)`.execute(
    db,
  );

  await sql`
    create table profile_stats (
      user_id uuid primary key,
      posts integer not null default 0,
      followers integer not null default 0,
      following integer not null default 0,
      likes integer not null default 0,
      views integer not null default 0,
      version integer not null default 0
    )`.execute(db);

  await sql`
    create table user_mappings (
      user_id uuid primary key,
      uuidv7 uuid not null unique,
      email text not null,
      created_at timestamptz not null
    )`.execute(db);

  await sql`
    create table user_sequences (
      user_id uuid primary key,
      value integer not null
    )`.execute(db);

  // Members who registered before profiles existed start with the new-profile defaults of 002 §3
  // (written out: a migration must not change when the shared defaults do).
  await sql`
    insert into profiles (user_id, card_settings, updated_at)
    select id, '{"showEmail": false, "showPhone": false, "showLocation": true,
      "showBirthDate": false, "showLastSeen": true, "allowDirectMessages": true,
      "allowFriendRequests": true}'::jsonb, created_at
    from users`.execute(db);
  await sql`
    insert into profile_stats (user_id, posts, likes)
    select u.id,
      (select count(*) from posts p where p.author_id = u.id and p.status = 'published'),
      coalesce((select l.total from likes_received l where l.user_id = u.id), 0)
    from users u`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table user_sequences`.execute(db);
  await sql`drop table user_mappings`.execute(db);
  await sql`drop table profile_stats`.execute(db);
  await sql`drop table follows`.execute(db);
  await sql`drop table profiles`.execute(db);
}
