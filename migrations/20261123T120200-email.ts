import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Delivery state of the outbox: when a row may be tried next, and which claim holds it.
  await sql`
    alter table email_outbox
      add column priority_rank smallint not null generated always as (
        case priority when 'high' then 0 when 'normal' then 1 else 2 end
      ) stored,
      add column next_attempt_at timestamptz not null default now(),
      add column claim_id uuid,
      add column claimed_at timestamptz,
      add column updated_at timestamptz not null default now()`.execute(db);
  await sql`drop index email_outbox_pending`.execute(db);
  await sql`
    create index email_outbox_due on email_outbox (priority_rank, created_at)
      where status = 'pending'`.execute(db);
  await sql`
    create index email_outbox_claimed on email_outbox (claimed_at)
      where status = 'processing'`.execute(db);
  await sql`create index email_outbox_recent on email_outbox (created_at desc, id)`.execute(db);

  // Counts per status, kept by triggers so that no writer can forget them. Every change to the
  // counts takes this one row's lock and bumps `version`, so versions rise in commit order.
  await sql`
    create table email_queue_stats (
      id smallint primary key check (id = 1),
      pending integer not null check (pending >= 0),
      processing integer not null check (processing >= 0),
      sent integer not null check (sent >= 0),
      failed integer not null check (failed >= 0),
      version bigint not null
    )`.execute(db);
  await sql`
    insert into email_queue_stats (id, pending, processing, sent, failed, version)
    select 1,
           count(*) filter (where status = 'pending'),
           count(*) filter (where status = 'processing'),
           count(*) filter (where status = 'sent'),
           count(*) filter (where status = 'failed'),
           0
    from email_outbox`.execute(db);
  await sql`
    create function email_queue_stats_apply() returns trigger language plpgsql as $$
    declare
      d_pending integer := 0;
      d_processing integer := 0;
      d_sent integer := 0;
      d_failed integer := 0;
    begin
      if tg_op = 'TRUNCATE' then
        update email_queue_stats
           set pending = 0, processing = 0, sent = 0, failed = 0, version = version + 1;
        return null;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        select count(*) filter (where status = 'pending'),
               count(*) filter (where status = 'processing'),
               count(*) filter (where status = 'sent'),
               count(*) filter (where status = 'failed')
          into d_pending, d_processing, d_sent, d_failed
          from new_rows;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        select d_pending - count(*) filter (where status = 'pending'),
               d_processing - count(*) filter (where status = 'processing'),
               d_sent - count(*) filter (where status = 'sent'),
               d_failed - count(*) filter (where status = 'failed')
          into d_pending, d_processing, d_sent, d_failed
          from old_rows;
      end if;
      if d_pending <> 0 or d_processing <> 0 or d_sent <> 0 or d_failed <> 0 then
        update email_queue_stats
           set pending = pending + d_pending,
               processing = processing + d_processing,
               sent = sent + d_sent,
               failed = failed + d_failed,
               version = version + 1;
      end if;
      return null;
    end
    $$`.execute(db);
  // Postgres allows transition tables only on single-event triggers, hence one per event.
  await sql`
    create trigger email_queue_stats_insert after insert on email_outbox
      referencing new table as new_rows
      for each statement execute function email_queue_stats_apply()`.execute(db);
  await sql`
    create trigger email_queue_stats_update after update on email_outbox
      referencing old table as old_rows new table as new_rows
      for each statement execute function email_queue_stats_apply()`.execute(db);
  await sql`
    create trigger email_queue_stats_delete after delete on email_outbox
      referencing old table as old_rows
      for each statement execute function email_queue_stats_apply()`.execute(db);
  await sql`
    create trigger email_queue_stats_truncate after truncate on email_outbox
      for each statement execute function email_queue_stats_apply()`.execute(db);

  // Operational: templates as operators edited them; the server seeds the defaults at start.
  await sql`
    create table email_templates (
      name text primary key,
      subject text not null,
      html_template text not null,
      text_template text not null,
      variables text[] not null,
      category text not null check (category in ('auth', 'social', 'system', 'marketing')),
      is_active boolean not null default true,
      position integer not null,
      updated_at timestamptz not null default now()
    )`.execute(db);

  // The local capture: what the embedded default "sends" when no SMTP server is configured.
  await sql`
    create table email_captured (
      id uuid primary key,
      sender text not null,
      recipient text not null,
      subject text not null,
      html_body text not null,
      text_body text not null,
      template text not null,
      captured_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index email_captured_recent on email_captured (captured_at desc, id)`.execute(
    db,
  );

  // Read model of EmailVerificationRequested / EmailVerified (rebuilt by the users projection).
  await sql`
    create table email_verification_tokens (
      id uuid primary key,
      user_id uuid not null,
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table email_verification_tokens`.execute(db);
  await sql`drop table email_captured`.execute(db);
  await sql`drop table email_templates`.execute(db);
  for (const event of ['insert', 'update', 'delete', 'truncate']) {
    await sql`drop trigger ${sql.id(`email_queue_stats_${event}`)} on email_outbox`.execute(db);
  }
  await sql`drop function email_queue_stats_apply()`.execute(db);
  await sql`drop table email_queue_stats`.execute(db);
  await sql`drop index email_outbox_recent`.execute(db);
  await sql`drop index email_outbox_claimed`.execute(db);
  await sql`drop index email_outbox_due`.execute(db);
  await sql`
    alter table email_outbox
      drop column updated_at,
      drop column claimed_at,
      drop column claim_id,
      drop column next_attempt_at,
      drop column priority_rank`.execute(db);
  await sql`create index email_outbox_pending on email_outbox (status, priority, created_at)`.execute(
    db,
  );
}
