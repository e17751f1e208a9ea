import { Link } from 'react-router-dom';
import type { Quote } from '../../../../shared/reposts';
import { repostsMessages } from '../../../../shared/reposts';
import { postPath } from '../../../lib/shareLinks';

/**
 * The original a quote embeds, small, linking to it; or, when the reader may not see it or it
 * was deleted, "This post is unavailable" and nothing more about it.
 */
export function QuotedPost({ quote }: { quote: Quote }) {
  if ('unavailable' in quote) {
    return (
      <p
        className="rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground"
        data-testid="quoted-post-unavailable"
      >
        {repostsMessages.unavailable}
      </p>
    );
  }
  const name = quote.author.displayName || quote.author.username;
  return (
    <Link
      to={postPath(quote.id)}
      aria-label={`Quoted post by ${name}${quote.title ? `: ${quote.title}` : ''}`}
      className="grid gap-1 rounded-lg border px-3 py-2 text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
      data-testid="quoted-post"
    >
      <span className="font-semibold">{name}</span>
      {quote.title && <span className="font-medium">{quote.title}</span>}
      {quote.excerpt && <span className="line-clamp-3 text-muted-foreground">{quote.excerpt}</span>}
    </Link>
  );
}
