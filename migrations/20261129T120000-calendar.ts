import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Calendar events (`001` §3 Event). `starts_at` is the instant the creator's date and time name
  // in their time zone; status is derived from it and `cancelled_at` when read. `attendees` is
  // kept by the statements that insert and delete attendance rows, under the row's lock.
  await sql`
    create table calendar_events (
      id uuid primary key,
      title text not null,
      description text not null default '',
      date text not null,
      time text not null,
      time_zone text not null,
      starts_at timestamptz not null,
      location text not null default '',
      type text not null check (type in ('in-person', 'online')),
      max_attendees int not null check (max_attendees between 1 and 100000),
      attendees int not null default 0,
      organizer_id uuid,
      host_name text,
      tags text[] not null default '{}',
      is_featured boolean not null default false,
      registration_required boolean not null default false,
      community_id uuid,
      cancelled_at timestamptz,
      created_at timestamptz not null,
      version int not null default 0
    )`.execute(db);
  await sql`create index calendar_events_starts on calendar_events (starts_at)`.execute(db);
  await sql`create index calendar_events_community on calendar_events (community_id, starts_at)
    where community_id is not null`.execute(db);
  await sql`create index calendar_events_organizer on calendar_events (organizer_id)`.execute(db);
  // `reminded_at`: the reminder email of this attendance was queued; each attendee gets one.
  await sql`
    create table event_attendees (
      event_id uuid not null,
      user_id uuid not null,
      joined_at timestamptz not null,
      reminded_at timestamptz,
      primary key (event_id, user_id)
    )`.execute(db);
  await sql`create index event_attendees_user on event_attendees (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table event_attendees`.execute(db);
  await sql`drop table calendar_events`.execute(db);
}
