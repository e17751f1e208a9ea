import { Globe, Hash, Lock, MapPin, Users } from 'lucide-react';
import { hashtagPath } from '../../../../shared/hashtags/parse';
import { Link } from 'react-router-dom';
import type { Post, PostVisibility } from '../../../../shared/posts';
import { useAppSelector } from '../../../state/hooks';
import { cn } from '../../../lib/cn';
import type { RepostedBy as RepostedByMember } from '../../../../shared/reposts';
import { profileUrl } from '../../../lib/links';
import { QuotedPost } from './QuotedPost';
import { RepostedBy } from './RepostedBy';
import { useClock } from '../../../lib/clock';
import { useNow } from '../../../lib/useNow';
import { formatFullDate } from '../../../lib/dateFormat';
import { Avatar } from '../../../components/UserCard';
import { selectSignedInUserId } from '../../auth';
import { ShownLinkPreview } from '../../link-previews';
import { selectIsPostDeleted, selectPostById } from '../postsSlice';
import { authorName, CARD_TEXT_MAX, cardText, COMPACT_TEXT_MAX } from './cardText';
import { PostActions } from './PostActions';
import { ModerationBanner } from './ModerationBanner';
import { PostCardMedia } from './PostCardMedia';
import { PostText } from './PostText';
import { postTime } from './relativeTime';
import { postPath } from '../../../lib/shareLinks';

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

/** `feed`: the whole post with every picture and video; `compact`: shorter text, first media. */
export type PostCardVariant = 'feed' | 'compact';

export interface PostCardProps {
  postId: string;
  /** The list's copy, shown until the post book holds the post. */
  post: Post;
  variant?: PostCardVariant;
  /** Its place in a `role="feed"` list, for screen readers (1-based; -1 size when unknown). */
  position?: { index: number; size: number };
  /** The followed tag that brought the post into the home feed, as the server said. */
  followedTag?: string | undefined;
  /** Who reposted the post into the home feed or onto their profile, as the server said. */
  repostedBy?: RepostedByMember | undefined;
}

/**
 * A post as every list shows it (home feed, saved, trending, a profile's posts): author, time,
 * title, text, pictures and videos, and like, comment, share and save. It reads the post book,
 * so counts pushed live and the viewer's own likes show on every screen; a deleted post renders
 * nothing.
 */
export function PostCard({
  postId,
  post: fallback,
  variant = 'feed',
  position,
  followedTag,
  repostedBy,
}: PostCardProps) {
  const held = useAppSelector((state) => selectPostById(state, postId));
  const deleted = useAppSelector((state) => selectIsPostDeleted(state, postId));
  const viewerId = useAppSelector(selectSignedInUserId);
  const now = useNow();
  const { timeZone } = useClock();
  if (deleted) return null;
  const post = held ?? fallback;
  const compact = variant === 'compact';
  const name = authorName(post.author);
  const time = postTime(post, now, timeZone);
  const body = cardText(post.content, compact ? COMPACT_TEXT_MAX : CARD_TEXT_MAX);
  const title = post.title.trim();
  const VisibilityIcon = visibilityIcon[post.visibility];
  const titleId = `post-card-title-${post.id}`;
  const authorId = `post-card-author-${post.id}`;

  return (
    <article
      aria-labelledby={title ? titleId : authorId}
      aria-posinset={position?.index}
      aria-setsize={position?.size}
      className="grid gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs sm:p-5"
      data-testid="post-card"
      data-post-id={post.id}
    >
      {repostedBy && <RepostedBy reposter={repostedBy} viewerId={viewerId} />}
      {followedTag && (
        <p
          className="-mb-1 flex items-center gap-1.5 text-sm text-muted-foreground"
          data-testid="post-card-reason"
        >
          <Hash className="size-3.5" aria-hidden />
          <span>
            because you follow{' '}
            <Link
              to={hashtagPath(followedTag)}
              className="font-medium text-foreground hover:underline focus-visible:underline"
            >
              #{followedTag}
            </Link>
          </span>
        </p>
      )}
      <header className="flex items-center gap-3">
        <Avatar name={name} src={post.author.avatar} className="size-10" />
        <div className="min-w-0">
          <Link
            id={authorId}
            to={profileUrl(post.author.id)}
            className="block truncate font-semibold hover:underline focus-visible:underline"
            data-testid="post-card-author"
          >
            {name}
          </Link>
          <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-muted-foreground">
            <Link
              to={postPath(post.id)}
              className="inline-flex min-h-6 items-center hover:underline focus-visible:underline"
              aria-label={`${time.text}, open the post`}
            >
              <time
                dateTime={time.iso}
                title={formatFullDate(time.iso, timeZone)}
                data-testid="post-card-time"
              >
                {time.text}
              </time>
            </Link>
            <span aria-hidden>·</span>
            <span
              className="inline-flex items-center gap-1"
              title={visibilityLabel[post.visibility]}
            >
              <VisibilityIcon className="size-3.5" aria-hidden />
              <span className="sr-only">{visibilityLabel[post.visibility]}</span>
            </span>
            {post.location && (
              <>
                <span aria-hidden>·</span>
                <span className="inline-flex min-w-0 items-center gap-1">
                  <MapPin className="size-3.5 shrink-0" aria-hidden />
                  <span className="truncate" data-testid="post-card-location">
                    {post.location}
                  </span>
                </span>
              </>
            )}
          </p>
        </div>
      </header>

      {title && (
        <h2
          id={titleId}
          className={cn(
            'font-semibold tracking-tight break-words',
            compact ? 'text-base' : 'text-lg',
          )}
        >
          <Link
            to={postPath(post.id)}
            className="hover:underline focus-visible:underline"
            data-testid="post-card-title"
          >
            {title}
          </Link>
        </h2>
      )}
      {body.text && (
        <p className="break-words whitespace-pre-wrap" data-testid="post-card-content">
          <PostText text={body.text} mentions={post.mentions} />
          {body.truncated && (
            <>
              {' '}
              <Link
                to={postPath(post.id)}
                className="font-medium text-primary hover:underline focus-visible:underline"
                aria-label={`Read more of ${title || `the post by ${name}`}`}
              >
                Read more
              </Link>
            </>
          )}
        </p>
      )}

      {post.quote && <QuotedPost quote={post.quote} />}
      <PostCardMedia post={post} compact={compact} />
      <ShownLinkPreview
        kind="post"
        targetId={post.id}
        preview={post.linkPreview}
        isAuthor={viewerId === post.author.id}
      />

      {post.moderation && <ModerationBanner moderation={post.moderation} />}

      <PostActions post={post} />
    </article>
  );
}
