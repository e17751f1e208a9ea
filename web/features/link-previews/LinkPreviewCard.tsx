import { X } from 'lucide-react';
import type { LinkPreview } from '../../../shared/link-previews';
import { cn } from '../../lib/cn';

export type CardContent = Omit<LinkPreview, 'version'>;

export interface LinkPreviewCardProps {
  preview: CardContent;
  /** Shown to the author: takes the card off (a button beside the link, never inside it). */
  onRemove?: () => void;
  removing?: boolean;
  className?: string;
}

/**
 * A link's card: the site's name, the title, a line or two of description and the image, which
 * the server stored and serves from `/cdn/` (never the site's own URL). The whole card is one
 * link to the page, opened in a new tab without telling the page where it came from.
 */
export function LinkPreviewCard({ preview, onRemove, removing, className }: LinkPreviewCardProps) {
  return (
    <div className={cn('relative', className)} data-testid="link-preview">
      <a
        href={preview.url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className={cn(
          'flex overflow-hidden rounded-lg border border-border bg-card text-card-foreground',
          'transition-colors hover:bg-accent/40',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        )}
      >
        {preview.image && (
          <img
            src={preview.image}
            alt={`Image from ${preview.siteName}`}
            loading="lazy"
            width={600}
            height={314}
            className="h-24 w-40 shrink-0 object-cover sm:h-28 sm:w-52"
          />
        )}
        <span className="flex min-w-0 flex-col gap-0.5 px-3 py-2 pr-10 text-left">
          <span className="truncate text-xs text-muted-foreground">{preview.siteName}</span>
          <span className="line-clamp-2 text-sm font-medium">{preview.title}</span>
          {preview.description && (
            <span className="line-clamp-2 text-xs text-muted-foreground">
              {preview.description}
            </span>
          )}
          <span className="sr-only">(opens in a new tab)</span>
        </span>
      </a>
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          disabled={removing}
          aria-label="Remove preview"
          title="Remove preview"
          className={cn(
            'absolute top-1.5 right-1.5 inline-flex size-7 items-center justify-center rounded-full',
            'bg-background/90 text-muted-foreground shadow-sm hover:text-foreground',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            'disabled:opacity-60',
          )}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
