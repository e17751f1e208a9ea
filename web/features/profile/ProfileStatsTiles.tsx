import { FileText, Heart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useGetUserPostsQuery } from '../posts/postsApi';
import { useLikesReceived } from '../posts/likesReceivedApi';
import { DEFAULT_POST_SORT, PROFILE_POSTS_PAGE_SIZE } from './profilePosts';

const tileClass = 'flex flex-col gap-1 rounded-xl border bg-card p-4 shadow-xs';

/**
 * The signed-in member's stats tiles (002 §2 item 13) that the server counts today: Posts, their
 * published posts, linking to /profile/posts (the question is the list's own unsearched first
 * page, so the two share one request), and Total Likes, the likes their posts hold, read once
 * and kept live by pushes. Followers and Following wait for follows.
 */
export function ProfileStatsTiles({ userId }: { userId: string }) {
  // Asked again at each visit: publishing elsewhere does not touch this cached answer.
  const { data } = useGetUserPostsQuery(
    { userId, sortBy: DEFAULT_POST_SORT, limit: PROFILE_POSTS_PAGE_SIZE, offset: 0 },
    { refetchOnMountOrArgChange: true },
  );
  const likes = useLikesReceived();
  return (
    <ul aria-label="Profile stats" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <li>
        <Link
          to="/profile/posts"
          data-testid="profile-stat-posts"
          className={`${tileClass} transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring`}
        >
          <Figure icon={<FileText className="size-4" aria-hidden />} label="Posts">
            {data?.total}
          </Figure>
        </Link>
      </li>
      <li className={tileClass} data-testid="profile-stat-likes">
        <Figure icon={<Heart className="size-4" aria-hidden />} label="Total Likes">
          {likes?.total}
        </Figure>
      </li>
    </ul>
  );
}

/** A tile's label and figure; a figure not known yet reads as a dash, never as a made-up 0. */
function Figure({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: number | undefined;
}) {
  return (
    <>
      <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
        {icon}
        {label}
      </span>
      <span className="text-2xl font-semibold tabular-nums">{children ?? '–'}</span>
    </>
  );
}
