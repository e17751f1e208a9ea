import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The members a community post or a discussion reply mentions, projected from
  // `CommunityMentionsSet` onto the row its reads and pushes carry, as posts and comments keep
  // theirs: `[{ memberId, handle, notified }]`, empty when it names nobody.
  await sql`alter table community_posts add column mentions jsonb not null default '[]'`.execute(
    db,
  );
  await sql`alter table discussion_replies add column mentions jsonb not null default '[]'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table discussion_replies drop column mentions`.execute(db);
  await sql`alter table community_posts drop column mentions`.execute(db);
}
