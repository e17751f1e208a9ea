import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Daily rollups of the analytics projection (server/domains/analytics), so a 12-month report
  // reads a few hundred rows per member or per metric, never the event log.
  await sql`
    create table analytics_member_daily (
      member_id uuid not null,
      day date not null,
      metric text not null,
      count bigint not null check (count >= 0),
      primary key (member_id, day, metric)
    )`.execute(db);
  // The site's totals, each (day, metric) split over a few shards so that simultaneous likes of
  // different requests do not all wait for one row's lock; reads add the shards up.
  await sql`
    create table analytics_site_daily (
      day date not null,
      metric text not null,
      shard smallint not null,
      count bigint not null check (count >= 0),
      primary key (day, metric, shard)
    )`.execute(db);
  // One row per member and day they did anything; a distinct count over a day range is an
  // index-only scan of this key.
  await sql`
    create table analytics_active_days (
      day date not null,
      member_id uuid not null,
      primary key (day, member_id)
    )`.execute(db);
  await sql`create index analytics_active_days_member on analytics_active_days (member_id)`.execute(
    db,
  );
  // Revenue over a day range reads the ads' daily counts by day (their key starts with the ad).
  await sql`create index ad_metrics_daily_day on ad_metrics_daily (day) include (impressions, clicks)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index ad_metrics_daily_day`.execute(db);
  await sql`drop table analytics_active_days`.execute(db);
  await sql`drop table analytics_site_daily`.execute(db);
  await sql`drop table analytics_member_daily`.execute(db);
}
