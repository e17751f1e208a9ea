import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The read model of members' personal access tokens (`ApiTokenCreated`, `ApiTokenRevoked`,
  // `PasswordChanged`). A bearer request finds its token by the hash of the secret.
  await sql`
    create table api_tokens (
      id uuid primary key,
      user_id uuid not null,
      name text not null,
      scopes text[] not null,
      token_hash text not null unique,
      hint text not null,
      created_at timestamptz not null,
      expires_at timestamptz,
      revoked_at timestamptz,
      revoked_reason text check (revoked_reason in ('revoked', 'password-changed'))
    )`.execute(db);
  await sql`create index api_tokens_user on api_tokens (user_id, created_at)`.execute(db);
  // When each token was last used: operational, like a session's last activity, so a rebuild of
  // the read model above keeps it (it is not in the log) and stamping it appends no event.
  await sql`
    create table api_token_uses (
      token_id uuid primary key,
      last_used_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table api_token_uses`.execute(db);
  await sql`drop table api_tokens`.execute(db);
}
