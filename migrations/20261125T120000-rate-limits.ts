import { sql, type Kysely } from 'kysely';

/**
 * Abuse limits (docs/abuse-limits.md), all operational state shared by every process:
 *
 * - `rate_limits` is rate-limiter-flexible's Postgres store (one row per limited key: points used
 *   and when the window ends, in epoch ms). The library could create it at start, but then every
 *   process would race on the DDL; it is told the table exists. `key` is text, not the library's
 *   varchar(255): a key carries an email address of up to 254 characters after its prefix.
 * - `sign_in_throttle` counts failed sign-ins per address and client instead of per address, so a
 *   stranger's failures lock out only the stranger's client; `signed_in_at` marks the clients the
 *   member signed in from, which the per-address ceiling lets through.
 * - `sign_in_address_throttle` is that ceiling: failures for an address from every client in a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rate_limits (
      key text primary key,
      points integer not null default 0,
      expire bigint
    )`.execute(db);
  await sql`create index rate_limits_expire on rate_limits (expire)`.execute(db);

  // The rows of before count per address, not per pair: at most a 15-minute lock goes with them.
  await sql`delete from sign_in_throttle`.execute(db);
  await sql`alter table sign_in_throttle drop constraint sign_in_throttle_pkey`.execute(db);
  await sql`
    alter table sign_in_throttle
      add column client text not null,
      add column signed_in_at timestamptz,
      add primary key (email, client)`.execute(db);

  await sql`
    create table sign_in_address_throttle (
      email text primary key,
      failures integer not null,
      window_started_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sign_in_address_throttle`.execute(db);
  await sql`delete from sign_in_throttle`.execute(db);
  await sql`alter table sign_in_throttle drop constraint sign_in_throttle_pkey`.execute(db);
  await sql`
    alter table sign_in_throttle
      drop column client,
      drop column signed_in_at,
      add primary key (email)`.execute(db);
  await sql`drop table rate_limits`.execute(db);
}
