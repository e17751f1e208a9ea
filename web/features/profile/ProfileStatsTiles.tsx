import { Eye, FileText, Heart, UserCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ProfileStats } from '../../../shared/profiles';
import {
  DEFAULT_POST_SORT,
  PROFILE_POSTS_PAGE_SIZE,
  useGetUserPostsQuery,
  useLikesReceived,
} from '../posts';
import { useGetProfileQuery } from './profileApi';
import { subPageUrl } from './profileRoute';
import { useWatchProfiles } from './useWatchProfiles';

const tileClass = 'flex flex-col gap-1 rounded-xl border bg-card p-4 shadow-xs';
const linkClass = `${tileClass} transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring`;

export interface ProfileStatsTilesProps {
  /** Counts not known yet read as a dash, never as a made-up 0. */
  stats: Partial<ProfileStats> | undefined;
  userId: string;
  isSelf: boolean;
}

/**
 * The stats tiles (002 §2 item 13): Posts, Followers and Following link to their sub-pages (for
 * another member with `?user=`), Total Likes and Views are figures only.
 */
export function ProfileStatsTiles({ stats, userId, isSelf }: ProfileStatsTilesProps) {
  const links = [
    { key: 'posts', label: 'Posts', path: '/profile/posts', icon: FileText },
    { key: 'followers', label: 'Followers', path: '/profile/followers', icon: Users },
    { key: 'following', label: 'Following', path: '/profile/following', icon: UserCheck },
  ] as const;
  return (
    <ul aria-label="Profile stats" className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {links.map(({ key, label, path, icon: Icon }) => (
        <li key={key}>
          <Link
            to={subPageUrl(path, userId, isSelf)}
            data-testid={`profile-stat-${key}`}
            className={linkClass}
          >
            <Figure icon={<Icon className="size-4" aria-hidden />} label={label}>
              {stats?.[key]}
            </Figure>
          </Link>
        </li>
      ))}
      <li className={tileClass} data-testid="profile-stat-likes">
        <Figure icon={<Heart className="size-4" aria-hidden />} label="Total Likes">
          {stats?.likes}
        </Figure>
      </li>
      <li className={tileClass} data-testid="profile-stat-views">
        <Figure icon={<Eye className="size-4" aria-hidden />} label="Views">
          {stats?.views}
        </Figure>
      </li>
    </ul>
  );
}

/**
 * The signed-in member's tiles above their posts list. Posts is the list's own unsearched first
 * page (the two share one request) and Total Likes the live likes received, so the tiles agree
 * with the list under them; the other counts come from the profile.
 */
export function OwnStatsTiles({ userId }: { userId: string }) {
  // Asked again at each visit: publishing elsewhere does not touch this cached answer.
  const { data: posts } = useGetUserPostsQuery(
    { userId, sortBy: DEFAULT_POST_SORT, limit: PROFILE_POSTS_PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  const likes = useLikesReceived();
  const { data: profile } = useGetProfileQuery(userId);
  useWatchProfiles([userId]);
  const stats: Partial<ProfileStats> = {
    ...profile?.stats,
    // The list counts the member's reposts too; the tile counts what they wrote.
    posts: posts ? posts.total - posts.reposted : profile?.stats.posts,
    likes: likes?.total ?? profile?.stats.likes,
  };
  return <ProfileStatsTiles stats={stats} userId={userId} isSelf />;
}

/** Another member's tiles, from their profile, kept live while shown. */
export function MemberStatsTiles({ userId }: { userId: string }) {
  const { data: profile } = useGetProfileQuery(userId);
  useWatchProfiles([userId]);
  return (
    <ProfileStatsTiles stats={profile?.stats} userId={userId} isSelf={profile?.isSelf ?? false} />
  );
}

/** A tile's label and figure. */
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
