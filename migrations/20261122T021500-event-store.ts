import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table events (
      global_position bigint generated always as identity primary key,
      transaction_id xid8 not null default pg_current_xact_id(),
      stream_id text not null,
      stream_version integer not null check (stream_version > 0),
      type text not null,
      data jsonb not null,
      metadata jsonb not null default '{}'::jsonb,
      occurred_at timestamptz not null default now(),
      constraint events_stream_version_unique unique (stream_id, stream_version)
    )`.execute(db);
  await sql`create index events_transaction_order on events (transaction_id, global_position)`.execute(
    db,
  );
  await sql`create index events_type on events (type)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table events`.execute(db);
}
