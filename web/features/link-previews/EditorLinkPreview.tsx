import { firstLinkIn, type LinkPreview } from '../../../shared/link-previews';
import { Button } from '../../components/ui/button';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { LinkPreviewCard } from './LinkPreviewCard';
import { useLookupLinkPreviewQuery } from './linkPreviewsApi';
import { ShownLinkPreview } from './ShownLinkPreview';

/** Typing pauses this long before the server is asked for a link's card. */
const TYPING_PAUSE_MS = 600;

export interface EditorLinkPreviewProps {
  text: string;
  /** The published post's own card, removed through the API like any card of a published post. */
  stored: { id: string; linkPreview: LinkPreview | null } | null;
  /** The link whose card the author removed before publishing; none is then fetched for it. */
  declined: string | null;
  onDecline: (url: string | null) => void;
}

/**
 * The card the post will get, shown while the author writes: the first link's card once typing
 * pauses, with a button that removes it before publishing (and one that brings it back).
 */
export function EditorLinkPreview({ text, stored, declined, onDecline }: EditorLinkPreviewProps) {
  const url = useDebouncedValue(firstLinkIn(text), TYPING_PAUSE_MS);
  const own = stored?.linkPreview && stored.linkPreview.url === url ? stored : null;
  const skip = !url || url === declined || own !== null;
  const { data, isFetching, isError } = useLookupLinkPreviewQuery(url ?? '', { skip });
  if (!url) return null;
  if (own) {
    return <ShownLinkPreview kind="post" targetId={own.id} preview={own.linkPreview} isAuthor />;
  }
  if (url === declined) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        No preview for this link.
        <Button variant="link" size="inline" onClick={() => onDecline(null)}>
          Show preview
        </Button>
      </p>
    );
  }
  return (
    <div aria-live="polite" className="grid gap-1">
      {isFetching && <p className="text-sm text-muted-foreground">Loading the link preview…</p>}
      {!isFetching && isError && (
        <p className="text-sm text-muted-foreground">The link preview could not be loaded.</p>
      )}
      {!isFetching && data?.preview && (
        <LinkPreviewCard preview={data.preview} onRemove={() => onDecline(url)} />
      )}
    </div>
  );
}
