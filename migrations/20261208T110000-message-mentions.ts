import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The participants a message mentions, projected from `MessageMentionsSet` onto the row its
  // reads and pushes carry, as posts keep theirs: `[{ memberId, handle, notified }]`.
  await sql`alter table messages add column mentions jsonb not null default '[]'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages drop column mentions`.execute(db);
}
