import { Calendar, CircleUser, Clock, Eye, MessageSquare, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Post } from '../../../../shared/posts';
import { Button } from '../../../components/ui/button';
import { useAppSelector } from '../../../state/hooks';
import { cn } from '../../../lib/cn';
import { authorName } from '../card/cardText';
import { postPath } from '../../../lib/shareLinks';
import { selectIsPostDeleted, selectPostById } from '../postsSlice';
import {
  CARD_CATEGORIES,
  CARD_TAGS,
  cardImageOf,
  excerptOf,
  readTimeText,
  shownLabels,
} from './myPosts';
import type { ListView } from './MyPostsToolbar';
import { StatusBadge, VisibilityIcon } from './PostBadges';

const dates = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const numbers = new Intl.NumberFormat('en-US');

export interface MyPostCardProps {
  postId: string;
  /** The list's copy, shown until the post book holds the post. */
  post: Post;
  view: ListView;
  deleting: boolean;
  onDelete: (postId: string) => void;
}

function Chips({ labels, max, tone }: { labels: readonly string[]; max: number; tone: string }) {
  const { shown, more } = shownLabels(labels, max);
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {shown.map((label) => (
        <li key={label} className={cn('rounded-full px-2 py-0.5 text-xs', tone)}>
          {label}
        </li>
      ))}
      {more > 0 && (
        <li className="rounded-full px-1 py-0.5 text-xs text-muted-foreground">+{more}</li>
      )}
    </ul>
  );
}

function Meta({ icon, children, label }: { icon: ReactNode; children: ReactNode; label?: string }) {
  return (
    <span className="inline-flex items-center gap-1" aria-label={label}>
      {icon}
      {children}
    </span>
  );
}

/**
 * One of the member's posts (001 §2): visibility, status, view, edit and delete, title, excerpt,
 * picture, 2 categories, 3 tags, read time, views, comments, publish date and author. It reads
 * the post book, so counts pushed live show, and a deleted post renders nothing.
 */
export function MyPostCard({ postId, post: fallback, view, deleting, onDelete }: MyPostCardProps) {
  const held = useAppSelector((state) => selectPostById(state, postId));
  const deleted = useAppSelector((state) => selectIsPostDeleted(state, postId));
  if (deleted) return null;
  const post = held ?? fallback;
  const title = post.title.trim() || 'Untitled post';
  const image = cardImageOf(post);
  const titleId = `my-post-title-${post.id}`;
  const list = view === 'list';

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs',
        list ? 'flex-col sm:flex-row' : 'h-full flex-col',
      )}
      data-testid="my-post-card"
      data-post-id={post.id}
      data-status={post.status}
    >
      {image && (
        <img
          src={image}
          alt=""
          loading="lazy"
          className={cn(
            'bg-muted object-cover',
            list ? 'aspect-video w-full sm:aspect-auto sm:w-48' : 'aspect-video w-full',
          )}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4">
        <div className="flex items-center gap-2">
          <VisibilityIcon visibility={post.visibility} />
          <StatusBadge status={post.status} />
          <div className="ml-auto flex items-center gap-0.5">
            <Button asChild variant="ghost" size="icon">
              <Link
                to={postPath(post.id)}
                aria-label={`View ${title}`}
                title="View"
                data-testid="my-post-view"
              >
                <Eye aria-hidden />
              </Link>
            </Button>

            <Button asChild variant="ghost" size="icon">
              <Link
                to={`/edit-post/${encodeURIComponent(post.id)}`}
                aria-label={`Edit ${title}`}
                title="Edit"
                data-testid="my-post-edit"
              >
                <Pencil aria-hidden />
              </Link>
            </Button>

            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${title}`}
              title="Delete"
              disabled={deleting}
              onClick={() => onDelete(post.id)}
              className="text-destructive hover:text-destructive"
              data-testid="my-post-delete"
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        </div>
        <div className="grid gap-1">
          <h3 id={titleId} className="line-clamp-2 font-semibold" data-testid="my-post-title">
            {title}
          </h3>
          <p className="line-clamp-3 text-sm text-muted-foreground">{excerptOf(post)}</p>
        </div>
        <Chips labels={post.categories} max={CARD_CATEGORIES} tone="bg-primary/10 text-primary" />
        <Chips labels={post.tags.map((tag) => `#${tag}`)} max={CARD_TAGS} tone="bg-muted" />
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <Meta icon={<Clock className="size-3.5" aria-hidden />}>
            {readTimeText(post.readTime)}
          </Meta>
          <Meta icon={<Eye className="size-3.5" aria-hidden />} label={`${post.views} views`}>
            {numbers.format(post.views)}
          </Meta>
          <Meta
            icon={<MessageSquare className="size-3.5" aria-hidden />}
            label={`${post.comments} comments`}
          >
            {numbers.format(post.comments)}
          </Meta>
          <Meta icon={<Calendar className="size-3.5" aria-hidden />}>
            {post.publishedAt ? (
              <time dateTime={post.publishedAt}>{dates.format(new Date(post.publishedAt))}</time>
            ) : (
              'Not published'
            )}
          </Meta>
          <Meta icon={<CircleUser className="size-3.5" aria-hidden />}>
            {authorName(post.author)}
          </Meta>
        </div>
      </div>
    </article>
  );
}
