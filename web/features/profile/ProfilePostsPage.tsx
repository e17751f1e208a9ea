import { FileText, Search } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PostSort } from '../../../shared/posts';
import { useAppSelector } from '../../state/hooks';
import { LoadingState } from '../../components/PageStates';
import { PageHeader } from '../../components/PageHeader';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { selectSignedInUserId } from '../auth';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import {
  appliedSearch,
  DEFAULT_POST_SORT,
  emptyPostsText,
  failedPostsText,
  isPostSort,
  POST_SORTS,
  PostCard,
  postsFoundText,
  useWatchPosts,
} from '../posts';
import { subjectOf } from './profileRoute';
import { MemberStatsTiles, OwnStatsTiles } from './ProfileStatsTiles';
import { useProfilePosts } from './useProfilePosts';

/** Typing settles this long before the list asks the server. */
const SEARCH_SETTLE_MS = 300;

const selectClass =
  'h-10 rounded-lg border border-input bg-card px-2.5 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40';

/**
 * The profile posts page (002 §2 item 11): a member's published posts and reposts ("Ana
 * reposted"), searched and sorted, 10 at a time. `?user=<id>` names the member (their stats
 * tiles link here); without it, the signed-in member.
 */
export function ProfilePostsPage() {
  const selfId = useAppSelector(selectSignedInUserId);
  const [params] = useSearchParams();
  if (!selfId) return <LoadingState label="Loading posts..." />;
  const userId = subjectOf(params.get('user'), selfId);
  return <ProfilePosts key={userId} userId={userId} isSelf={userId === selfId} />;
}

function ProfilePosts({ userId, isSelf }: { userId: string; isSelf: boolean }) {
  const [typed, setTyped] = useState('');
  const [submitted, setSubmitted] = useState('');
  const settled = useDebouncedValue(typed, SEARCH_SETTLE_MS);
  const q = appliedSearch(typed, settled, submitted);
  const [sortBy, setSortBy] = useState<PostSort>(DEFAULT_POST_SORT);
  const list = useProfilePosts({ userId, q, sortBy });
  const ids = useMemo(() => list.posts.map((post) => post.id), [list.posts]);
  useWatchPosts(ids);

  function search(event: FormEvent) {
    event.preventDefault();
    setSubmitted(typed.trim());
  }

  return (
    <>
      <PageHeader
        title="Posts"
        description={
          <span data-testid="profile-posts-count" aria-live="polite">
            {list.total === null ? '\u00a0' : postsFoundText(list.total)}
          </span>
        }
      />
      {isSelf ? <OwnStatsTiles userId={userId} /> : <MemberStatsTiles userId={userId} />}
      <SearchAndSort
        typed={typed}
        onType={setTyped}
        onSearch={search}
        sortBy={sortBy}
        onSort={setSortBy}
      />
      {list.loading ? (
        <LoadingState label="Loading posts..." />
      ) : list.failed ? (
        <Alert className="mt-6" data-testid="profile-posts-error">
          <p>{failedPostsText(q)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={list.retry}>
            Try again
          </Button>
        </Alert>
      ) : list.posts.length === 0 ? (
        <div className="py-16 text-center" data-testid="profile-posts-empty">
          <FileText className="mx-auto mb-3 size-10 text-muted-foreground" aria-hidden />
          <p className="font-medium">No posts found</p>
          <p className="mt-1 text-sm text-muted-foreground">{emptyPostsText(q)}</p>
        </div>
      ) : (
        <div className="mt-6 flex flex-col gap-4">
          <ul aria-label="Posts" className="flex flex-col gap-4" data-testid="profile-posts-list">
            {list.posts.map((post) => (
              <li key={post.id}>
                <PostCard postId={post.id} post={post} repostedBy={list.repostedBy[post.id]} />
              </li>
            ))}
          </ul>
          {list.moreFailed && <Alert>{failedPostsText(q)}</Alert>}
          {list.hasMore && (
            <Button
              variant="outline"
              className="self-center"
              disabled={list.loadingMore}
              onClick={list.loadMore}
            >
              {list.loadingMore && <Spinner />}
              Load More Posts
            </Button>
          )}
        </div>
      )}
    </>
  );
}

interface SearchAndSortProps {
  typed: string;
  onType: (typed: string) => void;
  onSearch: (event: FormEvent) => void;
  sortBy: PostSort;
  onSort: (sortBy: PostSort) => void;
}

/** Search applies as typing settles, or at once with Enter or the Search button (002 §2). */
function SearchAndSort({ typed, onType, onSearch, sortBy, onSort }: SearchAndSortProps) {
  const sortId = useId();
  return (
    <div className="mt-6 flex flex-wrap items-end gap-3">
      <form role="search" onSubmit={onSearch} className="flex min-w-64 flex-1 gap-2">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search posts"
            placeholder="Search posts..."
            value={typed}
            onChange={(event) => onType(event.target.value)}
            className="pl-9"
          />
        </div>
        <Button type="submit">Search</Button>
      </form>
      <div className="flex items-center gap-2">
        <Label htmlFor={sortId}>Sort by</Label>
        <select
          id={sortId}
          value={sortBy}
          onChange={(event) => {
            const next = event.target.value;
            if (isPostSort(next)) onSort(next);
          }}
          className={selectClass}
        >
          {POST_SORTS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
