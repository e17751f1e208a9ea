import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One business account per member, the whole object as last saved. Lists and hours are jsonb:
  // they are read and written whole, never queried inside.
  await sql`
    create table business_accounts (
      user_id uuid primary key,
      name text not null,
      description text not null,
      industry text not null,
      website text not null,
      email text not null,
      phone text not null,
      address text not null,
      city text not null,
      state text not null,
      zip_code text not null,
      country text not null,
      founded_year int,
      employee_count text not null,
      revenue text not null,
      logo text not null,
      banner text not null,
      social_links jsonb not null,
      services jsonb not null,
      certifications jsonb not null,
      business_hours jsonb not null,
      updated_at timestamptz not null,
      version int not null
    )`.execute(db);
  await sql`
    create table organizations (
      id uuid primary key,
      owner_id uuid not null,
      name text not null,
      description text not null,
      website text not null,
      email text not null,
      phone text not null,
      address text not null,
      city text not null,
      state text not null,
      zip_code text not null,
      country text not null,
      industry text not null,
      size text not null,
      founded_year int,
      logo text not null,
      banner text not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index organizations_owner on organizations (owner_id, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table organizations`.execute(db);
  await sql`drop table business_accounts`.execute(db);
}
