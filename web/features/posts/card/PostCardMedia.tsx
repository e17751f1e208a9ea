import type { Post } from '../../../../shared/posts';
import { cn } from '../../../lib/cn';
import { VideoPlayer } from './VideoPlayer';

/**
 * A card's pictures and videos: the featured image, then the attached files in the author's
 * order, each video with the custom player. The compact card shows only the first of them.
 */
export function PostCardMedia({ post, compact }: { post: Post; compact: boolean }) {
  const items = [
    ...(post.featuredImage
      ? [{ key: 'featured', kind: 'featured' as const, url: post.featuredImage }]
      : []),
    ...post.media.map((file) => ({ key: file.id, kind: file.kind, url: file.url, file })),
  ];
  const shown = compact ? items.slice(0, 1) : items;
  if (shown.length === 0) return null;
  const several = shown.length > 1;

  return (
    <div className={cn('grid gap-2', several && 'sm:grid-cols-2')} data-testid="post-card-media">
      {shown.map((item) => {
        if (item.kind === 'featured') {
          return (
            <img
              key={item.key}
              src={item.url}
              alt={post.title ? `Featured image of ${post.title}` : 'Featured image'}
              loading="lazy"
              className={cn(
                'max-h-[28rem] w-full rounded-xl border bg-muted object-cover',
                several && 'sm:col-span-2',
              )}
              data-testid="post-card-image"
            />
          );
        }
        const { file } = item;
        const label = file.description || file.name;
        return file.kind === 'video' ? (
          <VideoPlayer
            key={item.key}
            src={file.url}
            poster={file.posterUrl ?? file.thumbnailUrl}
            label={label}
            className={cn(several && 'sm:col-span-2')}
            videoClassName="max-h-[70vh]"
          />
        ) : (
          <img
            key={item.key}
            src={file.url}
            alt={label}
            width={file.dimensions?.width}
            height={file.dimensions?.height}
            loading="lazy"
            className="h-auto max-h-[28rem] w-full rounded-xl border bg-muted object-cover"
            data-testid="post-card-image"
          />
        );
      })}
    </div>
  );
}
