import { Repeat2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { RepostedBy as Reposter } from '../../../../shared/reposts';
import { profileUrl } from '../../../lib/links';

/** "Ana reposted", above a post a member the reader reads brought into their home feed. */
export function RepostedBy({
  reposter,
  viewerId,
}: {
  reposter: Reposter;
  viewerId: string | null;
}) {
  return (
    <p
      className="-mb-1 flex items-center gap-1.5 text-sm text-muted-foreground"
      data-testid="post-card-reposted-by"
    >
      <Repeat2 className="size-3.5" aria-hidden />
      {reposter.id === viewerId ? (
        <span>You reposted</span>
      ) : (
        <span>
          <Link
            to={profileUrl(reposter.id)}
            className="font-medium text-foreground hover:underline focus-visible:underline"
          >
            {reposter.displayName || reposter.username}
          </Link>{' '}
          reposted
        </span>
      )}
    </p>
  );
}
