import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Telemetry, not history: append-only, pruned by age, never replayed from the event log.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`
    create table log_entries (
      id bigint generated always as identity primary key,
      level text not null check (level in ('DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL')),
      message text not null,
      data jsonb,
      timestamp timestamptz not null,
      source text not null check (source in ('server', 'client')),
      user_id uuid,
      session_id uuid,
      request_id text,
      received_at timestamptz not null default now()
    )`.execute(db);
  // The viewer reads newest first by id, narrowed by level or source.
  await sql`create index log_entries_level on log_entries (level, id desc)`.execute(db);
  await sql`create index log_entries_source on log_entries (source, id desc)`.execute(db);
  await sql`create index log_entries_received on log_entries (received_at)`.execute(db);
  // Search is a case-insensitive substring match; trigrams let `ilike '%q%'` use an index.
  await sql`
    create index log_entries_message_trgm on log_entries using gin (message gin_trgm_ops)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists log_entries`.execute(db);
}
