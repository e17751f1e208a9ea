import { sql, type Kysely } from 'kysely';

/**
 * Turns on a contended stream, so that writers racing on it are served in order instead of
 * retrying until one of them gives up (twelve senders in one conversation had a quarter of their
 * sends refused). A command whose write lost the race waits for the stream's turn, an exclusive
 * advisory lock, and reads and writes holding it; Postgres grants the lock in the order it was
 * asked for. Every optimistic append to an existing stream takes the same lock shared without
 * waiting: while the stream is someone's turn, or someone queues for it, the append fails as a
 * conflict and its command queues too. An append never waits on it, so a batch of appends holding
 * row locks cannot deadlock with the turn's holder.
 *
 * The key comes from the stream id here alone, for both sides of the lock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function agora_stream_turn_key(p_stream_id text) returns bigint
    language sql immutable as $$ select hashtextextended('stream-turn:' || p_stream_id, 0) $$`.execute(
    db,
  );
  await sql`
    create function agora_wait_for_stream_turns(p_stream_ids text[]) returns void
    language plpgsql as $$
    declare
      v_key bigint;
    begin
      -- One order for every caller, so two holders never wait on each other.
      for v_key in
        select distinct agora_stream_turn_key(s) from unnest(p_stream_ids) s order by 1
      loop
        perform pg_advisory_xact_lock(v_key);
      end loop;
    end $$`.execute(db);
  await sql`
    create function agora_expect_version_in_turn(p_stream_id text, p_version integer) returns void
    language plpgsql as $$
    begin
      if not pg_try_advisory_xact_lock_shared(agora_stream_turn_key(p_stream_id)) then
        raise exception 'stream % is another writer''s turn', p_stream_id using errcode = 'AG409';
      end if;
      perform agora_expect_version(p_stream_id, p_version);
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function agora_expect_version_in_turn(text, integer)`.execute(db);
  await sql`drop function agora_wait_for_stream_turns(text[])`.execute(db);
  await sql`drop function agora_stream_turn_key(text)`.execute(db);
}
