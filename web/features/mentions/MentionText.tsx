import { Link } from 'react-router-dom';
import { splitMentions, type Mention } from '../../../shared/mentions';
import { cn } from '../../lib/cn';

/**
 * A post's, comment's or message's text with each `@handle` that names a member as a link to their
 * profile, under the username they have now. A handle that names nobody stays as written.
 */
export function MentionText({
  text,
  mentions,
  linkClassName = 'text-primary',
}: {
  text: string;
  mentions: readonly Mention[];
  /** The links' colour where the text's background is not the page's (a sent message). */
  linkClassName?: string;
}) {
  if (mentions.length === 0) return text;
  const byHandle = new Map(mentions.map((each) => [each.handle, each]));
  return splitMentions(text).map((piece, index) => {
    const named = 'handle' in piece ? byHandle.get(piece.handle) : undefined;
    if (!named) return piece.text;
    return (
      <Link
        // The pieces never move: the text is cut the same way for the same text.
        key={index}
        to={`/profile/${encodeURIComponent(named.username)}`}
        className={cn('font-medium hover:underline focus-visible:underline', linkClassName)}
        data-testid="mention-link"
      >
        @{named.username}
      </Link>
    );
  });
}
