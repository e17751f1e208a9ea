import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Read models of the ad layer's events (server/domains/ads): what the owner set up, and the
  // counts. Nothing here names a member.
  await sql`
    create table ad_definitions (
      id text primary key,
      title text not null,
      description text not null,
      features text[] not null,
      button_text text not null,
      icon text not null,
      gradient text[] not null,
      accent_color text not null,
      badge text not null,
      orientation text not null check (orientation in ('vertical', 'horizontal')),
      priority int not null,
      device_target text not null check (device_target in ('mobile', 'desktop', 'all')),
      active boolean not null,
      version int not null
    )`.execute(db);
  await sql`
    create table ad_placements (
      id text primary key,
      type text not null check (type in ('floating', 'inline')),
      orientation text not null check (orientation in ('vertical', 'horizontal')),
      position text not null check (position in ('top-right', 'bottom-left', 'inline')),
      auto_rotate boolean not null,
      rotation_interval int not null,
      max_ads int not null,
      z_index int not null,
      ad_sense_enabled boolean not null,
      ad_sense_unit_id text,
      version int not null
    )`.execute(db);
  // `version` counts the changes of the row under its lock, so the report's version (their sum
  // with the definitions') rises in commit order and a rebuild reproduces it.
  await sql`
    create table ad_metrics (
      ad_id text primary key,
      impressions bigint not null default 0,
      clicks bigint not null default 0,
      last_shown timestamptz,
      version int not null default 0
    )`.execute(db);
  await sql`
    create table ad_metrics_daily (
      ad_id text not null,
      day date not null,
      impressions bigint not null default 0,
      clicks bigint not null default 0,
      primary key (ad_id, day)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table ad_metrics_daily`.execute(db);
  await sql`drop table ad_metrics`.execute(db);
  await sql`drop table ad_placements`.execute(db);
  await sql`drop table ad_definitions`.execute(db);
}
