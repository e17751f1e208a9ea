import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Each call's state, projected from its events: whether a member is in a call (busy), whether
  // a ringing call timed out, and what both parties' screens show.
  await sql`
    create table calls (
      id uuid primary key,
      conversation_id uuid not null,
      caller_id uuid not null,
      callee_id uuid not null,
      kind text not null check (kind in ('audio', 'video')),
      state text not null check (state in ('ringing', 'accepted', 'ended')),
      end_reason text check (end_reason in ('missed', 'declined', 'completed')),
      started_at timestamptz not null,
      answered_at timestamptz,
      ended_at timestamptz,
      duration_seconds integer check (duration_seconds >= 0),
      version integer not null default 1
    )`.execute(db);
  // Calls still ringing or under way are few: the busy check and the ring timeout read only them.
  await sql`create index calls_open_caller on calls (caller_id) where state <> 'ended'`.execute(db);
  await sql`create index calls_open_callee on calls (callee_id) where state <> 'ended'`.execute(db);
  await sql`create index calls_ringing on calls (started_at) where state = 'ringing'`.execute(db);
  // A call's entry in the thread: `{ callId, kind, outcome, durationSeconds }`, null on text.
  await sql`alter table messages add column call jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages drop column call`.execute(db);
  await sql`drop table calls`.execute(db);
}
