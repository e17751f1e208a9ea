import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Each member's onboarding, one row, a read model of the onboarding events (no foreign keys).
  // `steps` is the member's personalized list; `version` is the stream's, for live pushes.
  await sql`
    create table onboarding_progress (
      user_id uuid primary key,
      account_type text not null,
      user_data jsonb not null,
      owner_setup jsonb,
      steps text[] not null,
      current_step integer not null,
      completion_percentage integer not null default 0,
      completed_steps text[] not null default '{}',
      skipped_steps text[] not null default '{}',
      started_at timestamptz not null,
      last_updated timestamptz not null,
      completed_at timestamptz,
      version integer not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table onboarding_progress`.execute(db);
}
