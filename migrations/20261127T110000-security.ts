import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // When each member last set their password and whether an owner asked them to choose a new
  // one: a read model of the user streams, apart from `users` so a rebuild of it is its own.
  await sql`
    create table password_state (
      user_id uuid primary key,
      changed_at timestamptz not null,
      rotation_required boolean not null default false
    )`.execute(db);
  await sql`
    insert into password_state (user_id, changed_at)
    select u.id, coalesce(
      (select max(e.occurred_at) from events e
        where e.stream_id = 'user-' || u.id::text and e.type = 'PasswordChanged'),
      u.created_at)
    from users u`.execute(db);
  // A member's TOTP secret, sealed with the deployment's key: pending until a code confirms it.
  await sql`
    create table two_factor (
      user_id uuid primary key,
      pending_secret text,
      secret text,
      enabled_at timestamptz,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`
    create table two_factor_recovery_codes (
      user_id uuid not null,
      code_hash text not null,
      used_at timestamptz,
      primary key (user_id, code_hash)
    )`.execute(db);
  // Operational, like sessions: a password sign-in waiting for its second factor.
  await sql`
    create table two_factor_challenges (
      id uuid primary key,
      user_id uuid not null,
      remember_me boolean not null,
      attempts integer not null default 0,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index two_factor_challenges_user on two_factor_challenges (user_id)`.execute(db);
  // Operational: the last TOTP time step a member signed in with, so a code is never used twice.
  await sql`
    create table two_factor_used_steps (
      user_id uuid primary key,
      time_step integer not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table two_factor_used_steps`.execute(db);
  await sql`drop table two_factor_challenges`.execute(db);
  await sql`drop table two_factor_recovery_codes`.execute(db);
  await sql`drop table two_factor`.execute(db);
  await sql`drop table password_state`.execute(db);
}
