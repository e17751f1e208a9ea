import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Read model of the media events (no foreign keys, so a rebuild can truncate it).
  await sql`
    create table files (
      id uuid primary key,
      key text not null unique,
      owner_id uuid not null,
      folder text not null,
      name text not null,
      mime_type text not null,
      kind text not null check (kind in ('image', 'video', 'audio', 'document', 'other')),
      size bigint not null,
      sha256 text not null,
      width integer,
      height integer,
      duration double precision,
      is_public boolean not null,
      is_starred boolean not null default false,
      is_archived boolean not null default false,
      tags text[] not null default '{}',
      description text not null default '',
      views integer not null default 0,
      poster_key text unique,
      metadata_stripped boolean not null,
      uploaded_at timestamptz not null,
      version integer not null default 1
    )`.execute(db);
  // The libraries list a member's files of one kind, newest first, by keyset.
  await sql`create index files_owner_kind_uploaded on files
    (owner_id, kind, uploaded_at desc, id desc)`.execute(db);
  await sql`create index files_owner_uploaded on files (owner_id, uploaded_at desc, id desc)`.execute(
    db,
  );

  // Operational: secrets the servers of one deployment share (signed file URLs), made once.
  await sql`
    create table server_secrets (
      name text primary key,
      value text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table server_secrets`.execute(db);
  await sql`drop table files`.execute(db);
}
