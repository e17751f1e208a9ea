import { sql } from 'kysely';
import type { NewEvent } from '../../../shared/events';
import type { PostVisibility } from '../../../shared/posts';
import { repostsMessages } from '../../../shared/reposts';
import { invalid, invalidField } from '../../core/errors';
import { first, mapRead, value, type Read } from '../../core/reads';
import { qb } from '../../db/statement';
import { visibleToViewer } from '../posts/posts-read';
import { idOrNone } from '../posts/streams';

/** The post being quoted as its quoter sees it, and whether its author is their friend. */
export interface QuotedRead {
  id: string;
  author_id: string;
  visible: boolean;
  friends: boolean;
}

/** What a quote's command reads of the original; nothing when the post quotes none. */
export function quotedRead(quoteOf: string | undefined, authorId: string): Read<QuotedRead | null> {
  if (quoteOf === undefined) return value(sql<null>`null`);
  return mapRead(
    first(
      qb
        .selectFrom('posts as p')
        .select([
          'p.id',
          'p.author_id',
          // The author's own draft is visible to them, but only a published post can be quoted.
          sql<boolean>`(p.status = 'published' and ${visibleToViewer(authorId)})`.as('visible'),
          sql<boolean>`exists (select 1 from friendships f
          where f.user_id = p.author_id and f.friend_id = ${authorId}::uuid)`.as('friends'),
        ])
        .where('p.id', '=', idOrNone(quoteOf)),
    ),
    (row) => row ?? null,
  );
}

/**
 * The event a new post that quotes another appends after those that create it: only a post the
 * author may see can be quoted (one they may not reads as unavailable, telling nothing more), and
 * a quote is published at once, so its count and its author's notification need no later step.
 * The original's author is told when they may see the quote: it is public, or they are friends.
 */
export function quoteEvents(
  quoted: QuotedRead | null,
  quote: { postId: string; authorId: string; status: string; visibility: PostVisibility },
): NewEvent[] {
  if (quoted === null) return [];
  if (!quoted.visible) {
    throw invalidField('quoteOf', 'quote-unavailable', repostsMessages.quoteUnavailable);
  }
  if (quote.status !== 'published') {
    throw invalid('quote-not-published', repostsMessages.quoteNotPublished);
  }
  return [
    {
      type: 'PostQuoted',
      data: {
        postId: quoted.id,
        userId: quote.authorId,
        postAuthorId: quoted.author_id,
        quotePostId: quote.postId,
        notify:
          quote.visibility === 'public' || (quote.visibility === 'friendsOnly' && quoted.friends),
      },
    },
  ];
}
