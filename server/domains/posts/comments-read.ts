import { sql } from 'kysely';
import type { Comment } from '../../../shared/posts';
import { first, mapRead, type Read } from '../../core/reads';
import type { Db } from '../../db/schema';
import { qb } from '../../db/statement';
import { mentionedSql } from '../mentions/mentioned-sql';
import { blockedEitherWay, member } from '../relations/relations-policy';
import { presentComment, type CommentRow } from './post-presenter';

/** Every column a presented comment needs for one viewer. */
export function commentRows(source: Db, viewerId: string) {
  return source
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.author_id')
    .selectAll('c')
    .select([
      'u.username as author_username',
      'u.display_name as author_name',
      'u.avatar as author_avatar',
      sql<boolean>`exists (select 1 from comment_likes l
        where l.comment_id = c.id and l.user_id = ${viewerId}::uuid)`.as('liked_by_me'),
      mentionedSql('c').as('mentioned'),
    ]);
}

export function commentReply(commentId: string, viewerId: string): Read<Comment | null> {
  return mapRead(first(commentRows(qb, viewerId).where('c.id', '=', commentId)), (row) =>
    row ? presentComment(row as CommentRow) : null,
  );
}

/**
 * The thread of a post the viewer may see, flat and oldest first. Comments of members blocked
 * either way are left out, and so are comments a moderator hid or removed (but for their
 * author), and with them their replies: a reply is never shown without the comment it answers.
 */
export async function readComments(db: Db, postId: string, viewerId: string): Promise<Comment[]> {
  const rows = (await commentRows(db, viewerId)
    .where('c.post_id', '=', postId)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute()) as CommentRow[];
  const { rows: blocked } = await sql<{ author_id: string }>`
    select distinct c.author_id from comments c
    where c.post_id = ${postId}::uuid
      and ${blockedEitherWay(sql.ref('c.author_id'), member(viewerId))}`.execute(db);
  const hidden = new Set(blocked.map((row) => row.author_id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const shown = new Map<string, boolean>();
  // Depth is at most 3, so the walk up a thread is short.
  const isShown = (row: CommentRow): boolean => {
    const known = shown.get(row.id);
    if (known !== undefined) return known;
    const parent = row.parent_id === null ? null : byId.get(row.parent_id);
    const moderated = row.moderation_state !== 'visible' && row.author_id !== viewerId;
    const result =
      !hidden.has(row.author_id) &&
      !moderated &&
      (row.parent_id === null || (!!parent && isShown(parent)));
    shown.set(row.id, result);
    return result;
  };
  const comments = rows.filter(isShown).map(presentComment);
  return comments;
}
