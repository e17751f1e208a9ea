import { sql } from 'kysely';
import { statement, type Statement } from '../../db/statement';

/**
 * The post's search document (`post_search`) from its row as the statements before left it:
 * written after every change of the title, tags or content, so the document always matches the
 * row, and never on a like or a view. Nothing is written for a post whose row is gone. The
 * columns the policy reads are copied with it; a trigger on `posts` keeps them equal after.
 */
export const writeSearchDocument = (postId: string): Statement =>
  statement(sql`insert into post_search (post_id, created_at, document,
      author_id, visibility, status, moderation_state, deleted_at)
    select id, created_at, agora_post_search(title, tags, content),
      author_id, visibility, status, moderation_state, deleted_at
    from posts where id = ${postId}::uuid
    on conflict (post_id) do update set document = excluded.document`);

export const deleteSearchDocument = (postId: string): Statement =>
  statement(sql`delete from post_search where post_id = ${postId}::uuid`);

/** The documents of every post of the member, before their posts leave (erasure). */
export const deleteMemberSearchDocuments = (userId: string): Statement =>
  statement(sql`delete from post_search
    where post_id in (select id from posts where author_id = ${userId}::uuid)`);
