import { sql, type Kysely } from 'kysely';

/** The columns of a post the relations policy's `postVisible` reads, copied to its document. */
const POLICY_COLUMNS = ['author_id', 'visibility', 'status', 'moderation_state', 'deleted_at'];

export async function up(db: Kysely<unknown>): Promise<void> {
  // A search for a common word judges each match it walks by the policy, and looked every one up
  // in `posts` to do so (672 lookups for a window of 500 readable, half the statement's time):
  // the document now carries what the policy reads (docs/performance.md, "The policy's columns
  // beside the search document").
  await sql`alter table post_search
    add column author_id uuid,
    add column visibility text,
    add column status text,
    add column moderation_state text,
    add column deleted_at timestamptz`.execute(db);
  await sql`update post_search s
    set author_id = p.author_id, visibility = p.visibility, status = p.status,
      moderation_state = p.moderation_state, deleted_at = p.deleted_at
    from posts p where p.id = s.post_id`.execute(db);
  await sql`alter table post_search
    alter column author_id set not null,
    alter column visibility set not null,
    alter column status set not null,
    alter column moderation_state set not null`.execute(db);
  // A trigger, not the projections, keeps the copy: the posts, content, erasure and import code
  // all change these columns, and a copy one of them forgot would show a post to the wrong reader.
  // It fires only when one of them changes, never on a like's or a view's count.
  const changed = sql.raw(
    `(${POLICY_COLUMNS.map((c) => `old.${c}`).join(', ')}) is distinct from ` +
      `(${POLICY_COLUMNS.map((c) => `new.${c}`).join(', ')})`,
  );
  await sql`
    create function agora_post_search_policy() returns trigger language plpgsql as $$
    begin
      update post_search set author_id = new.author_id, visibility = new.visibility,
          status = new.status, moderation_state = new.moderation_state,
          deleted_at = new.deleted_at
        where post_id = new.id;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger post_search_policy
      after update of ${sql.raw(POLICY_COLUMNS.join(', '))} on posts
      for each row when (${changed}) execute function agora_post_search_policy()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger post_search_policy on posts`.execute(db);
  await sql`drop function agora_post_search_policy()`.execute(db);
  await sql`alter table post_search ${sql.raw(
    POLICY_COLUMNS.map((c) => `drop column ${c}`).join(', '),
  )}`.execute(db);
}
