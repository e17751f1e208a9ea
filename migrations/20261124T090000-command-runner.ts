import { sql, type Kysely } from 'kysely';

/**
 * What the command runner needs in SQL: a command's writes travel in one pipelined round trip, so
 * the checks that must hold at commit run inside it and raise instead of returning rows.
 *
 * - `agora_expect_version` refuses an append to a stream that is not at the version the command
 *   read (a stream ahead of it is caught by the unique (stream_id, stream_version) index).
 * - `agora_refuse` raises a domain refusal (kind, code, message) that the runner turns back into
 *   the typed error; guards call it when a rule checked under a lock fails.
 *
 * Commands read a stream's version from the log itself, so `users.stream_version` goes.
 *
 * Notifications are found by the key of what raised them (`source_key`), and keep the request's
 * note (`message`) instead of rendered text: the title and body are worded when presented, from
 * the actors' current names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function agora_expect_version(p_stream_id text, p_version integer) returns void
    language plpgsql as $$
    begin
      if not exists (
        select 1 from events where stream_id = p_stream_id and stream_version = p_version
      ) then
        raise exception 'stream % is not at version %', p_stream_id, p_version
          using errcode = 'AG409';
      end if;
    end $$`.execute(db);
  await sql`
    create function agora_refuse(p_kind text, p_code text, p_message text) returns void
    language plpgsql as $$
    begin
      raise exception '%', p_message using errcode = 'AGERR', detail = p_kind, hint = p_code;
    end $$`.execute(db);

  await sql`alter table users drop column stream_version`.execute(db);

  await sql`alter table notifications add column source_key text`.execute(db);
  await sql`alter table notifications add column message text`.execute(db);
  await sql`update notifications set source_key = coalesce(action_data->>'requestId', id::text)`.execute(
    db,
  );
  await sql`
    update notifications set message = content
    where type = 'friend_request_received' and content not like '% would like to be your friend.'`.execute(
    db,
  );
  await sql`alter table notifications alter column source_key set not null`.execute(db);
  await sql`alter table notifications drop column title, drop column content`.execute(db);
  await sql`create index notifications_source on notifications (user_id, source_key)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index notifications_source`.execute(db);
  await sql`alter table notifications add column title text not null default ''`.execute(db);
  await sql`alter table notifications add column content text not null default ''`.execute(db);
  await sql`alter table notifications drop column source_key, drop column message`.execute(db);
  await sql`alter table users add column stream_version integer not null default 0`.execute(db);
  await sql`drop function agora_refuse(text, text, text)`.execute(db);
  await sql`drop function agora_expect_version(text, integer)`.execute(db);
}
