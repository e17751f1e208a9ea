import { Film, ImageOff } from 'lucide-react';
import { useState } from 'react';
import type { MediaFile } from '../../../shared/media';
import { pictureSource, responsiveSrcSet } from './cdnUrls';

/** Grid columns: two on phones up to five on wide screens, so the browser picks a fitting width. */
const CARD_SIZES =
  '(min-width: 1536px) 20vw, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw';

function Placeholder({ video }: { video: boolean }) {
  const Icon = video ? Film : ImageOff;
  return (
    <div
      role="img"
      aria-label="Preview unavailable"
      data-testid="thumbnail-placeholder"
      className="flex size-full items-center justify-center bg-muted text-muted-foreground"
    >
      <Icon className="size-10" aria-hidden />
    </div>
  );
}

/**
 * A card's picture: the CDN's 300x300 WebP thumbnail, with the responsive widths in `srcset`;
 * a video without a poster shows its own first second. Whatever fails to load gives way to a
 * placeholder (001 §2).
 */
export function MediaThumbnail({ file }: { file: MediaFile }) {
  const [broken, setBroken] = useState(false);
  const source = pictureSource(file);
  const video = file.kind === 'video';
  if (broken) return <Placeholder video={video} />;
  if (file.thumbnailUrl && source) {
    return (
      <img
        src={file.thumbnailUrl}
        srcSet={responsiveSrcSet(source)}
        sizes={CARD_SIZES}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setBroken(true)}
        className="size-full object-cover"
      />
    );
  }
  if (video) {
    return (
      <video
        src={`${file.url}#t=1`}
        preload="metadata"
        muted
        playsInline
        aria-hidden
        tabIndex={-1}
        onError={() => setBroken(true)}
        className="pointer-events-none size-full object-cover"
      />
    );
  }
  return <Placeholder video={false} />;
}
