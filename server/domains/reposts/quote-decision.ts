import { sql } from 'kysely';
import type { NewEvent } from '../../../shared/events';
import type { PostVisibility } from '../../../shared/posts';
import { repostsMessages } from '../../../shared/reposts';
import { invalid, invalidField } from '../../core/errors';
import { first, mapRead, value, type Read } from '../../core/reads';
import { qb, type Statement } from '../../db/statement';
import { quoteTemplate } from '../email/templates';
import {
  postEmail,
  postEmailContext,
  postPath,
  type PostEmailContext,
} from '../posts/post-notifications';
import { visibleToViewer } from '../posts/posts-read';
import { idOrNone } from '../posts/streams';

/**
 * The post being quoted as its quoter sees it, whether its author is their friend, and what its
 * author's email needs.
 */
export interface QuotedRead {
  id: string;
  author_id: string;
  visible: boolean;
  friends: boolean;
  email: PostEmailContext;
}

/** What a quote's command reads of the original; null only when the post quotes none. */
export function quotedRead(quoteOf: string | undefined, authorId: string): Read<QuotedRead | null> {
  if (quoteOf === undefined) return value(sql<null>`null`);
  const id = idOrNone(quoteOf);
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
          postEmailContext(id, authorId, 'quote', quoteTemplate.name).as('email'),
        ])
        .where('p.id', '=', id),
    ),
    // A post that never was, or is erased, is as unavailable as one the author may not see.
    (row) =>
      row ?? {
        id: quoteOf,
        author_id: '',
        visible: false,
        friends: false,
        email: { template: null, recipientEmail: null, actorName: null, postTitle: null },
      },
  );
}

/** What a new post's quote appends, and the email it queues. */
export interface QuoteOutcome {
  events: NewEvent[];
  effects: Statement[];
}

/**
 * The event a new post that quotes another appends after those that create it: only a post the
 * author may see can be quoted (one they may not reads as unavailable, telling nothing more), and
 * a quote is published at once, so its count and its author's notification need no later step.
 * The original's author is told when they may see the quote: it is public, or they are friends;
 * then the 'Quote' email goes too, if they turned it on (it is off by default). Each quote is a
 * post of its own, so each is told.
 */
export function quoteOutcome(
  quoted: QuotedRead | null,
  quote: { postId: string; authorId: string; status: string; visibility: PostVisibility },
  publicUrl: string,
): QuoteOutcome {
  if (quoted === null) return { events: [], effects: [] };
  if (!quoted.visible) {
    throw invalidField('quoteOf', 'quote-unavailable', repostsMessages.quoteUnavailable);
  }
  if (quote.status !== 'published') {
    throw invalid('quote-not-published', repostsMessages.quoteNotPublished);
  }
  const notify =
    quote.visibility === 'public' || (quote.visibility === 'friendsOnly' && quoted.friends);
  const told = notify && quote.authorId !== quoted.author_id;
  return {
    events: [
      {
        type: 'PostQuoted',
        data: {
          postId: quoted.id,
          userId: quote.authorId,
          postAuthorId: quoted.author_id,
          quotePostId: quote.postId,
          notify,
        },
      },
    ],
    effects: told
      ? postEmail(quoted.email, ({ actorName, postTitle }) => ({
          quoterName: actorName,
          postTitle,
          quoteUrl: `${publicUrl}${postPath(quote.postId)}`,
        }))
      : [],
  };
}
