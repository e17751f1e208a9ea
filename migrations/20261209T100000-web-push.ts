import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The read model of members' push subscriptions (`PushSubscribed`, `PushUnsubscribed`,
  // `AccountDeleted`): one row per browser, named by its user agent.
  await sql`
    create table push_subscriptions (
      id uuid primary key,
      user_id uuid not null,
      device text not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index push_subscriptions_user on push_subscriptions (user_id, created_at)`.execute(
    db,
  );
  // Where and how to reach each subscription: operational, like a session's token. The endpoint
  // is a capability URL and the keys let whoever holds them write to the browser, so they stay
  // out of the log and its backups; a rebuild of the table above leaves them be.
  await sql`
    create table push_endpoints (
      subscription_id uuid primary key,
      user_id uuid not null,
      endpoint text not null unique,
      p256dh text not null,
      auth text not null,
      last_used_at timestamptz not null
    )`.execute(db);
  // Every notification the relay reads asks which of its recipients have a browser to push to.
  await sql`create index push_endpoints_user on push_endpoints (user_id)`.execute(db);
  // Pushes waiting for delivery, drained by the push workers as the email outbox is. The text is
  // worded when queued, so a retry sends what the member would have seen then.
  await sql`
    create table push_outbox (
      id uuid primary key,
      subscription_id uuid not null,
      notification_id uuid not null,
      -- The log position of the event that raised it: every relay queues the same push, and
      -- only the first of them (or a newer event) writes.
      event_position bigint not null,
      title text not null,
      body text not null,
      url text not null,
      status text not null default 'pending'
        check (status in ('pending', 'processing', 'sent', 'failed')),
      attempts integer not null default 0,
      last_error text,
      next_attempt_at timestamptz not null default now(),
      claim_id uuid,
      claimed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  // Each relay queues the same push for the same event: the second insert does nothing.
  await sql`
    create unique index push_outbox_raised
      on push_outbox (subscription_id, notification_id, event_position)`.execute(db);
  await sql`
    create index push_outbox_due on push_outbox (next_attempt_at)
      where status = 'pending'`.execute(db);
  await sql`
    create index push_outbox_claimed on push_outbox (claimed_at)
      where status = 'processing'`.execute(db);
  await sql`create index push_outbox_settled on push_outbox (updated_at)
    where status in ('sent', 'failed')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table push_outbox`.execute(db);
  await sql`drop table push_endpoints`.execute(db);
  await sql`drop table push_subscriptions`.execute(db);
}
