import { sql, type RawBuilder } from 'kysely';
import type { NewEvent } from '../../../shared/events';
import { value, type Read } from '../../core/reads';
import { idOrNone } from '../posts/streams';

/** The original a post being deleted quotes, as its deletion tells of it. */
export interface DeletedQuote {
  postId: string;
  postAuthorId: string;
  /** Its author quotes the original in another post, not in the trash. */
  stillQuotes: boolean;
}

/**
 * What the post aliased `p` quotes, read before it is deleted: null when it quotes nothing or
 * the original is gone (and its notifications with it). One probe of `post_quotes` by its key,
 * and of the original's other quotes by `post_quotes_quoted`.
 */
export const deletedQuoteSql: RawBuilder<DeletedQuote | null> = sql<DeletedQuote | null>`(
  select json_build_object('postId', q.id, 'postAuthorId', q.author_id,
    'stillQuotes', exists (select 1 from post_quotes other
      join posts op on op.id = other.quote_id
      where other.quoted_id = pq.quoted_id and other.quote_id <> p.id
        and op.author_id = p.author_id and op.deleted_at is null))
  from post_quotes pq join posts q on q.id = pq.quoted_id
  where pq.quote_id = p.id)`;

/** What the post `postId` quotes, as a command deleting it reads it. */
export function deletedQuoteRead(postId: string): Read<DeletedQuote | null> {
  return value(
    sql<DeletedQuote | null>`(select ${deletedQuoteSql} from posts p
      where p.id = ${idOrNone(postId)})`,
  );
}

/**
 * The `QuoteDeleted` a deletion appends after its `PostDeleted` when the post quotes another:
 * the original's author's quote notification then leaves the member (unless they quote it still),
 * as an undone repost's does.
 */
export function quoteDeletedEvents(
  post: { id: string; author_id: string },
  quoted: DeletedQuote | null,
): NewEvent[] {
  if (quoted === null) return [];
  return [
    {
      type: 'QuoteDeleted',
      data: {
        postId: quoted.postId,
        userId: post.author_id,
        postAuthorId: quoted.postAuthorId,
        quotePostId: post.id,
        stillQuotes: quoted.stillQuotes,
      },
    },
  ];
}
