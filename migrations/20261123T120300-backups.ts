import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Read models of the backup streams (rebuilt from the log; no foreign keys).
  await sql`
    create table backups (
      id uuid primary key,
      type text not null check (type in ('full', 'incremental', 'differential')),
      status text not null
        check (status in ('pending', 'running', 'completed', 'failed', 'cancelled')),
      base_backup_id uuid,
      scheduled boolean not null,
      started_at timestamptz not null,
      completed_at timestamptz,
      duration_ms integer,
      from_xid xid8,
      to_xid xid8,
      total_events bigint,
      file_name text,
      size bigint not null default 0,
      checksum text,
      encrypted boolean not null default false,
      first_position bigint,
      last_position bigint,
      collections jsonb not null default '{}'::jsonb,
      total_documents bigint not null default 0,
      compression_ratio double precision not null default 0,
      error text,
      version integer not null
    )`.execute(db);
  await sql`create index backups_started on backups (started_at desc)`.execute(db);
  await sql`
    create table backup_config (
      id integer primary key check (id = 1),
      config jsonb not null,
      changed_at timestamptz not null,
      version integer not null
    )`.execute(db);

  // Operational: progress of the backup being written, and restore jobs. A replay of the log
  // must never run a restore again, so jobs are not projections.
  await sql`
    create table backup_progress (
      backup_id uuid primary key,
      events_written bigint not null,
      total_events bigint not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table backup_restores (
      id uuid primary key,
      backup_id uuid not null,
      status text not null check (status in ('pending', 'running', 'completed', 'failed')),
      progress integer not null default 0 check (progress between 0 and 100),
      collections text[],
      overwrite boolean not null,
      restored_events bigint not null default 0,
      requested_by uuid,
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      error text,
      version integer not null default 1
    )`.execute(db);
  await sql`create index backup_restores_started on backup_restores (started_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table backup_restores`.execute(db);
  await sql`drop table backup_progress`.execute(db);
  await sql`drop table backup_config`.execute(db);
  await sql`drop table backups`.execute(db);
}
