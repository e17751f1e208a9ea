import * as Tabs from '@radix-ui/react-tabs';
import { FileText, PenLine, RefreshCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { LoadingState } from '../../../components/PageStates';
import { PageHeader } from '../../../components/PageHeader';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { cn } from '../../../lib/cn';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { TabStrip } from '../../../components/TabStrip';
import { postPageText } from '../post-page/postPageText';
import { useDeletePostMutation, useGetMyPostsStatsQuery } from '../postsApi';
import { useWatchPosts } from '../useWatchPosts';
import {
  categoryOptions,
  emptyText,
  filtersActive,
  isMyPostsTab,
  loadErrorText,
  MY_POSTS_TABS,
  NO_FILTERS,
  type MyPostsFilters,
  type MyPostsTab,
} from './myPosts';
import { MyPostCard } from './MyPostCard';
import { MyPostsStats } from './MyPostsStats';
import { MyPostsToolbar, type ListView } from './MyPostsToolbar';
import { useMyPosts } from './useMyPosts';

/** Typing settles this long before the list asks the server. */
const SEARCH_SETTLE_MS = 300;

/**
 * My Posts (001 §2): statistics, the tabs all, published, draft and private, search, filters,
 * grid or list, and each post's view, edit and delete. The tab is in the address, so a reload or
 * a link keeps it.
 */
export function MyPostsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('tab');
  const tab: MyPostsTab = isMyPostsTab(asked) ? asked : 'all';
  const [typed, setTyped] = useState('');
  const q = useDebouncedValue(typed, SEARCH_SETTLE_MS);
  const [narrowed, setNarrowed] = useState<Omit<MyPostsFilters, 'tab' | 'q'>>({
    status: NO_FILTERS.status,
    visibility: NO_FILTERS.visibility,
    category: NO_FILTERS.category,
  });
  const [view, setView] = useState<ListView>('grid');
  const filters: MyPostsFilters = { ...narrowed, tab, q: q.trim() };
  const list = useMyPosts(filters);
  // Asked again at each visit as well as after every save or delete (`MyPosts` tag).
  const stats = useGetMyPostsStatsQuery(undefined, { refetchOnMountOrArgChange: true });
  const ids = useMemo(() => list.posts.map((post) => post.id), [list.posts]);
  useWatchPosts(ids);
  const categories = categoryOptions(list.posts, filters.category);

  const [confirming, setConfirming] = useState<string | null>(null);
  const [deletePost, { isLoading: deleting }] = useDeletePostMutation();

  function remove() {
    const postId = confirming;
    setConfirming(null);
    if (!postId) return;
    deletePost(postId)
      .unwrap()
      .then(() => toast.success(postPageText.deletedTitle, { description: postPageText.deleted }))
      .catch(() =>
        toast.error(postPageText.deleteFailedTitle, { description: postPageText.deleteFailed }),
      );
  }

  function refresh() {
    list.refresh();
    void stats.refetch();
  }

  return (
    <>
      <PageHeader title="My Posts" description="Write, publish and manage your posts and drafts.">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={refresh} disabled={list.loading}>
            <RefreshCw aria-hidden />
            Refresh
          </Button>
          <Button asChild>
            <Link to="/create-post" data-testid="my-posts-create">
              <PenLine aria-hidden />
              Create Post
            </Link>
          </Button>
        </div>
      </PageHeader>
      <div className="flex flex-col gap-6">
        <MyPostsStats stats={stats.data} />
        <Tabs.Root
          value={tab}
          onValueChange={(value) =>
            setSearchParams(value === 'all' ? {} : { tab: value }, { replace: true })
          }
          className="flex flex-col gap-4"
        >
          <TabStrip label="My posts tabs" tabs={[...MY_POSTS_TABS]} />
          <MyPostsToolbar
            typed={typed}
            onType={setTyped}
            filters={filters}
            onFilter={(change) => setNarrowed((held) => ({ ...held, ...change }))}
            categories={categories}
            view={view}
            onView={setView}
          />
          <Tabs.Content value={tab} className="focus-visible:outline-none">
            <PostsList
              list={list}
              active={filtersActive(filters)}
              view={view}
              deleting={deleting}
              onDelete={setConfirming}
            />
          </Tabs.Content>
        </Tabs.Root>
      </div>
      <ConfirmDeleteDialog
        what={confirming ? postPageText.deleteSubject : null}
        onConfirm={remove}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}

interface PostsListProps {
  list: ReturnType<typeof useMyPosts>;
  active: boolean;
  view: ListView;
  deleting: boolean;
  onDelete: (postId: string) => void;
}

/** The loading, error and empty states of 001 §2, or the cards and Load More. */
function PostsList({ list, active, view, deleting, onDelete }: PostsListProps) {
  if (list.loading) return <LoadingState label="Loading posts..." />;
  if (list.failed) {
    return (
      <Alert data-testid="my-posts-error">
        <p className="font-semibold">Error loading posts</p>
        <p className="mt-1">{loadErrorText(list.error)}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={list.refresh}>
          Try Again
        </Button>
      </Alert>
    );
  }
  if (list.posts.length === 0) {
    return (
      <div className="py-16 text-center" data-testid="my-posts-empty">
        <FileText className="mx-auto mb-3 size-10 text-muted-foreground" aria-hidden />
        <p className="font-medium">No posts found</p>
        <p className="mt-1 text-sm text-muted-foreground">{emptyText(active)}</p>
        {!active && (
          <Button asChild className="mt-4">
            <Link to="/create-post">
              <PenLine aria-hidden />
              Create Your First Post
            </Link>
          </Button>
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul
        aria-label="My posts"
        className={cn(
          view === 'grid' ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'flex flex-col gap-3',
        )}
        data-testid="my-posts-list"
        data-view={view}
      >
        {list.posts.map((post) => (
          <li key={post.id}>
            <MyPostCard
              postId={post.id}
              post={post}
              view={view}
              deleting={deleting}
              onDelete={onDelete}
            />
          </li>
        ))}
      </ul>
      {list.moreFailed && <Alert>Error loading posts</Alert>}
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
  );
}
