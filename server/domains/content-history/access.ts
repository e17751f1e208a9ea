import { sql } from 'kysely';
import { historyMessages } from '../../../shared/content/history';
import { postsMessages } from '../../../shared/posts';
import { forbidden, notFound } from '../../core/errors';
import { first, streamVersionSql } from '../../core/reads';
import type { Db } from '../../db/schema';
import { qb } from '../../db/statement';
import { attachedFileIdsSql } from '../posts/post-media';
import { visibleToViewer } from '../posts/posts-read';
import { idOrNone, postStreamId } from '../posts/streams';
import { member, ownerReader } from '../relations/relations-policy';

/**
 * Who may read and change a record's history: its author and owners, whatever state the post is
 * in (trashed, hidden), since restoring is how a post comes back. A member who may see the post
 * is refused (403); anyone else finds nothing (404), as for a post they may not see.
 */
export interface HistoryAccess {
  author_id: string;
  /** The relations policy's `postVisible` for the actor. */
  visible: boolean;
  actor_is_owner: boolean;
}

export function checkHistoryAccess<P extends HistoryAccess>(
  post: P | undefined,
  actorId: string,
): P {
  if (!post) throw notFound(postsMessages.postNotFound);
  if (post.author_id === actorId || post.actor_is_owner) return post;
  if (post.visible) throw forbidden('not-author', historyMessages.notYours);
  throw notFound(postsMessages.postNotFound);
}

const accessColumns = (actorId: string) =>
  [
    visibleToViewer(actorId).as('visible'),
    ownerReader(member(actorId)).as('actor_is_owner'),
  ] as const;

/**
 * The post as a history command decides by: every column `editEvents` of the posts domain reads,
 * the post stream's version, and the actor's access.
 */
export function historyPostState(postId: string, actorId: string) {
  return first(
    qb
      .selectFrom('posts as p')
      .selectAll('p')
      .select([
        streamVersionSql(sql`'post-' || p.id::text`).as('stream_version'),
        attachedFileIdsSql.as('media_ids'),
        ...accessColumns(actorId),
      ])
      .where('p.id', '=', idOrNone(postId)),
  );
}

export type HistoryPostState = NonNullable<ReturnType<ReturnType<typeof historyPostState>['pick']>>;

/** For the REST reads: the post's author and the caller's access, checked. */
export async function readHistoryAccess(db: Db, postId: string, actorId: string): Promise<string> {
  const post = await db
    .selectFrom('posts as p')
    .select(['p.id', 'p.author_id', ...accessColumns(actorId)])
    .where('p.id', '=', idOrNone(postId))
    .executeTakeFirst();
  return checkHistoryAccess(post, actorId).id;
}

/** Who wrote the post, once it was purged: the author of its `PostDeleted`, if any. */
export function purgedAuthorSql(postId: string) {
  return sql<string | null>`(select e.data ->> 'authorId' from events e
    where e.stream_id = ${postStreamId(idOrNone(postId))} and e.type = 'PostDeleted' limit 1)`;
}
