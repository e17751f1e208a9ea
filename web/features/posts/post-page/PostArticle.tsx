import { Clock, Globe, Lock, MapPin, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Post, PostVisibility } from '../../../../shared/posts';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { profileUrl } from '../../../lib/links';
import { relativeTime } from '../../../lib/relativeTime';
import { useClock } from '../../../lib/clock';
import { useNow } from '../../../lib/useNow';
import { formatFullDate } from '../../../lib/dateFormat';
import { Avatar } from '../../../components/UserCard';
import { ModerationBanner } from '../card/ModerationBanner';
import { ShownLinkPreview } from '../../link-previews';
import { QuotedPost } from '../card/QuotedPost';
import { PostCardMedia } from '../card/PostCardMedia';
import { PostText } from '../card/PostText';
import { postTime } from '../card/relativeTime';
import { PostAuthorActions } from './PostAuthorActions';
import { postCountsText, postHeading } from './postView';

const visibilityIcon: Record<PostVisibility, typeof Globe> = {
  public: Globe,
  friendsOnly: Users,
  private: Lock,
};

const visibilityLabel: Record<PostVisibility, string> = {
  public: 'Public',
  friendsOnly: 'Friends only',
  private: 'Private',
};

function Chips({ label, items, prefix = '' }: { label: string; items: string[]; prefix?: string }) {
  if (items.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item} className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium">
          {prefix}
          {item}
        </li>
      ))}
    </ul>
  );
}

export interface PostArticleProps {
  post: Post;
  /** Whether the viewer wrote it: the author gets Edit and Delete. */
  isAuthor: boolean;
  /** Like, comment, save and share, below the counts. */
  actions?: ReactNode;
  /** Off on the video page, whose player already shows the post's video above it. */
  showMedia?: boolean;
}

/** A post in full: author and times, title, content, media, categories, tags and counts. */
export function PostArticle({ post, isAuthor, actions, showMedia = true }: PostArticleProps) {
  const now = useNow();
  const name = post.author.displayName || post.author.username;
  const heading = postHeading(post);
  const { timeZone } = useClock();
  const shown = postTime(post, now, timeZone);
  const VisibilityIcon = visibilityIcon[post.visibility];
  useDocumentTitle(heading);

  return (
    <article aria-labelledby="post-title" className="grid gap-5" data-testid="post-article">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar name={name} src={post.author.avatar} className="size-11 text-base" />
          <div className="min-w-0">
            <Link
              to={profileUrl(post.author.id)}
              className="block truncate font-semibold hover:underline focus-visible:underline"
              data-testid="post-author"
            >
              {name}
            </Link>
            <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
              <time
                dateTime={shown.iso}
                title={formatFullDate(shown.iso, timeZone)}
                data-testid="post-time"
              >
                {shown.text}
              </time>
              {post.editedAt && (
                <span title={formatFullDate(post.editedAt, timeZone)}>
                  · Edited {relativeTime(post.editedAt, now, timeZone)}
                </span>
              )}
              <span className="inline-flex items-center gap-1">
                <span aria-hidden>·</span>
                <VisibilityIcon className="size-3.5" aria-hidden />
                {visibilityLabel[post.visibility]}
              </span>
              {post.status !== 'published' && (
                <span
                  className="rounded-full bg-warning/15 px-2 py-0.5 text-xs font-medium capitalize"
                  data-testid="post-status"
                >
                  {post.status}
                </span>
              )}
            </p>
          </div>
        </div>
        {isAuthor && <PostAuthorActions postId={post.id} />}
      </header>

      <div className="grid gap-3">
        <h1
          id="post-title"
          className="text-2xl font-semibold tracking-tight break-words sm:text-3xl"
          data-testid="post-title"
        >
          {heading}
        </h1>
        {post.location && (
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <MapPin className="size-4" aria-hidden />
            {post.location}
          </p>
        )}
        {post.content && (
          <div className="break-words whitespace-pre-wrap" data-testid="post-content">
            <PostText text={post.content} mentions={post.mentions} />
          </div>
        )}
      </div>

      {showMedia && <PostCardMedia post={post} compact={false} />}
      {post.quote && <QuotedPost quote={post.quote} />}
      <ShownLinkPreview
        kind="post"
        targetId={post.id}
        preview={post.linkPreview}
        isAuthor={isAuthor}
      />
      {post.moderation && <ModerationBanner moderation={post.moderation} />}

      <div className="flex flex-wrap items-center gap-3">
        <Chips label="Categories" items={post.categories} />
        <Chips label="Tags" items={post.tags} prefix="#" />
        <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
          <Clock className="size-4" aria-hidden />
          <span data-testid="post-read-time">{post.readTime} min read</span>
        </span>
      </div>

      <p className="text-sm text-muted-foreground" data-testid="post-counts">
        {postCountsText(post)}
      </p>
      {actions}
    </article>
  );
}
