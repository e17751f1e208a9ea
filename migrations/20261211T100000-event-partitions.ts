import { sql, type Kysely } from 'kysely';

/**
 * The event log becomes a table partitioned by position range, converted in place: the old table
 * is attached as the first partition (`events_p0`, every position so far) and positions go on
 * after its last one. Further partitions are made ahead of need by `agora_ensure_event_partitions`
 * (the migration makes the first ones with the default span; the server's worker keeps a margin).
 *
 * A unique index on a partitioned table must hold the partition key, so the log can no longer
 * refuse a second event at one stream version by itself. `event_streams` (one row per stream, its
 * version) does it instead: a trigger advances a stream's row for every event inserted, and refuses
 * a version the stream already has. Two writers at one version meet on that row; the second waits
 * for the first and is refused, so optimistic concurrency stays exact.
 */
const DEFAULT_SPAN = 1_000_000;
const DEFAULT_AHEAD = 2;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`lock table events in access exclusive mode`.execute(db);
  const { rows } = await sql<{ next: string }>`
    select (coalesce(max(global_position), 0) + 1)::text as next from events`.execute(db);
  const next = sql.raw(String(BigInt(rows[0]!.next)));

  await sql`alter table events rename to events_p0`.execute(db);
  await sql`alter index events_pkey rename to events_p0_pkey`.execute(db);
  await sql`alter index events_transaction_order rename to events_p0_transaction_order`.execute(db);
  await sql`alter index events_type rename to events_p0_type`.execute(db);
  await sql`alter table events_p0 alter column global_position drop identity`.execute(db);
  // Proves the partition's bound to ATTACH, which then skips its own scan of the old table.
  await sql`alter table events_p0 add constraint events_p0_bound check (global_position < ${next})`.execute(
    db,
  );

  await sql`
    create table events (
      global_position bigint generated always as identity (start with ${next}) primary key,
      transaction_id xid8 not null default pg_current_xact_id(),
      stream_id text not null,
      stream_version integer not null
        constraint events_stream_version_check check (stream_version > 0),
      type text not null,
      data jsonb not null,
      metadata jsonb not null default '{}'::jsonb,
      occurred_at timestamptz not null default now()
    ) partition by range (global_position)`.execute(db);
  await sql`create index events_transaction_order on events (transaction_id, global_position)`.execute(
    db,
  );
  await sql`create index events_type on events (type)`.execute(db);
  await sql`create index events_stream on events (stream_id, stream_version)`.execute(db);

  await sql`alter table events attach partition events_p0 for values from (minvalue) to (${next})`.execute(
    db,
  );
  await sql`alter table events_p0 drop constraint events_p0_bound`.execute(db);
  // The partition's own index on (stream_id, stream_version) now does that job.
  await sql`alter table events_p0 drop constraint events_stream_version_unique`.execute(db);

  await sql`create table event_streams (stream_id text primary key, version integer not null)`.execute(
    db,
  );
  await sql`
    insert into event_streams (stream_id, version)
    select stream_id, max(stream_version) from events_p0 group by stream_id`.execute(db);
  await sql`
    create function agora_advance_stream() returns trigger
    language plpgsql as $$
    begin
      insert into event_streams as s (stream_id, version) values (new.stream_id, new.stream_version)
      on conflict (stream_id) do update set version = excluded.version
        where s.version < excluded.version;
      if not found then
        raise exception 'stream % already has version %', new.stream_id, new.stream_version
          using errcode = 'unique_violation', constraint = 'events_stream_version_unique';
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger events_advance_stream before insert on events
    for each row execute function agora_advance_stream()`.execute(db);
  await sql`
    create or replace function agora_expect_version(p_stream_id text, p_version integer) returns void
    language plpgsql as $$
    begin
      if not exists (
        select 1 from event_streams where stream_id = p_stream_id and version = p_version
      ) then
        raise exception 'stream % is not at version %', p_stream_id, p_version
          using errcode = 'AG409';
      end if;
    end $$`.execute(db);

  // A partition is made as a plain table and then attached: ATTACH takes only a SHARE UPDATE
  // EXCLUSIVE lock on the log, which appends and reads (and a backup's long COPY) do not conflict
  // with, where CREATE TABLE ... PARTITION OF would queue every append behind an exclusive lock.
  // The advisory lock makes concurrent callers (several server processes) take turns.
  await sql`
    create function agora_ensure_event_partitions(p_through bigint, p_span bigint) returns integer
    language plpgsql as $$
    declare
      v_upper bigint;
      v_name text;
      v_created integer := 0;
    begin
      if p_span < 1 then
        raise exception 'partition span must be positive, not %', p_span;
      end if;
      perform pg_advisory_xact_lock(hashtext('agora_event_partitions'));
      select max(substring(pg_get_expr(c.relpartbound, c.oid) from 'TO [(]''?(-?[0-9]+)''?[)]')::bigint)
        into v_upper
        from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'events'::regclass;
      while v_upper <= p_through loop
        v_name := 'events_p' || v_upper;
        execute format('create table %I (like events including defaults including constraints)',
                       v_name);
        execute format('alter table events attach partition %I for values from (%s) to (%s)',
                       v_name, v_upper, v_upper + p_span);
        v_upper := v_upper + p_span;
        v_created := v_created + 1;
      end loop;
      return v_created;
    end $$`.execute(db);
  await sql`select agora_ensure_event_partitions(${next}::bigint + ${DEFAULT_AHEAD * DEFAULT_SPAN}, ${DEFAULT_SPAN})`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function agora_ensure_event_partitions(bigint, bigint)`.execute(db);
  await sql`drop trigger events_advance_stream on events`.execute(db);
  await sql`drop function agora_advance_stream()`.execute(db);
  await sql`
    create or replace function agora_expect_version(p_stream_id text, p_version integer) returns void
    language plpgsql as $$
    begin
      if not exists (
        select 1 from events where stream_id = p_stream_id and stream_version = p_version
      ) then
        raise exception 'stream % is not at version %', p_stream_id, p_version
          using errcode = 'AG409';
      end if;
    end $$`.execute(db);
  await sql`drop table event_streams`.execute(db);
  await sql`alter table events rename to events_partitioned`.execute(db);
  // Keys and indexes are added once the partitioned table, which holds their names, is gone.
  await sql`
    create table events (
      global_position bigint generated always as identity,
      transaction_id xid8 not null default pg_current_xact_id(),
      stream_id text not null,
      stream_version integer not null
        constraint events_stream_version_check check (stream_version > 0),
      type text not null,
      data jsonb not null,
      metadata jsonb not null default '{}'::jsonb,
      occurred_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    insert into events overriding system value select * from events_partitioned
    order by global_position`.execute(db);
  await sql`select setval(pg_get_serial_sequence('events', 'global_position'),
      coalesce((select max(global_position) from events), 0) + 1, false)`.execute(db);
  await sql`drop table events_partitioned`.execute(db);
  await sql`alter table events add constraint events_pkey primary key (global_position)`.execute(
    db,
  );
  await sql`
    alter table events
    add constraint events_stream_version_unique unique (stream_id, stream_version)`.execute(db);
  await sql`create index events_transaction_order on events (transaction_id, global_position)`.execute(
    db,
  );
  await sql`create index events_type on events (type)`.execute(db);
}
