import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A quote in the trash keeps its row (untrashed, it counts again) but no longer counts on the
  // original: `counted` says whether it does, so a purge after the trash lowers nothing twice.
  await sql`alter table post_quotes add column counted boolean not null default true`.execute(db);
  await sql`update post_quotes q set counted = false
    from posts p where p.id = q.quote_id and p.deleted_at is not null`.execute(db);
  await sql`update posts o set quotes_count = c.n, version = o.version + 1
    from (select quoted_id, count(*) filter (where counted)::int as n
          from post_quotes group by quoted_id) c
    where o.id = c.quoted_id and o.quotes_count <> c.n`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table post_quotes drop column counted`.execute(db);
}
