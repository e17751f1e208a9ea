import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Telemetry: append-only, pruned by age, never part of the log or of a rebuild.
  await sql`
    create table monitoring_events (
      id bigint generated always as identity primary key,
      type text not null
        check (type in ('error', 'warning', 'info', 'performance', 'user_action')),
      severity text not null check (severity in ('critical', 'high', 'medium', 'low', 'info')),
      message text not null,
      url text,
      component text,
      user_id uuid,
      occurred_at timestamptz not null default now(),
      stack_trace text,
      source text not null check (source in ('server', 'client'))
    )`.execute(db);
  await sql`create index monitoring_events_time on monitoring_events (occurred_at)`.execute(db);
  await sql`create index monitoring_events_type_time on monitoring_events (type, occurred_at)`.execute(
    db,
  );

  await sql`
    create table performance_metrics (
      id bigint generated always as identity primary key,
      name text not null,
      value double precision not null,
      unit text not null check (unit in ('ms', 's', 'bytes', 'count', 'percentage')),
      tags jsonb not null default '{}',
      recorded_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index performance_metrics_name_time on performance_metrics (name, recorded_at)`.execute(
    db,
  );
  await sql`create index performance_metrics_time on performance_metrics (recorded_at)`.execute(db);

  // Read model of the alert streams (rebuilt from the log).
  await sql`
    create table alerts (
      id uuid primary key,
      rule text,
      title text not null,
      message text not null,
      severity text not null,
      raised_at timestamptz not null,
      raised_by uuid,
      acknowledged boolean not null default false,
      acknowledged_by_id uuid,
      acknowledged_by_name text,
      acknowledged_at timestamptz,
      resolved boolean not null default false,
      resolved_at timestamptz,
      version integer not null
    )`.execute(db);
  await sql`create index alerts_raised on alerts (raised_at desc)`.execute(db);
  await sql`create index alerts_open_rule on alerts (rule) where not resolved`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists alerts`.execute(db);
  await sql`drop table if exists performance_metrics`.execute(db);
  await sql`drop table if exists monitoring_events`.execute(db);
}
