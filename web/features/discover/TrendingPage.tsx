import * as Tabs from '@radix-ui/react-tabs';
import { Flame } from 'lucide-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TrendingWindow } from '../../../shared/posts';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { PageHeader } from '../../components/PageHeader';
import { TabStrip } from '../../components/TabStrip';
import { TrendingTags } from '../hashtags';
import { PostCard, useGetTrendingQuery, useWatchPosts } from '../posts';
import {
  noTrendingText,
  TRENDING_WINDOWS,
  trendingSearchFor,
  trendingWindowOf,
} from './trendingWindow';

/**
 * Trending (001 §2): the posts the reader may see, ranked by likes, comments and shares over the
 * chosen window, beside the last day's trending tags. The window is in the address, so a reload
 * or a shared link keeps it.
 */
export function TrendingPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const trendWindow = trendingWindowOf(searchParams.get('window'));

  return (
    <>
      <PageHeader title="Trending" description="Posts getting the most attention right now." />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <Tabs.Root
          value={trendWindow}
          onValueChange={(value) =>
            setSearchParams(trendingSearchFor(trendingWindowOf(value)), { replace: true })
          }
          className="flex flex-col gap-4"
        >
          <TabStrip label="Trending window" tabs={[...TRENDING_WINDOWS]} />
          <Tabs.Content value={trendWindow} className="focus-visible:outline-none">
            <TrendingList trendWindow={trendWindow} />
          </Tabs.Content>
        </Tabs.Root>
        <aside className="lg:sticky lg:top-20">
          <TrendingTags />
        </aside>
      </div>
    </>
  );
}

function TrendingList({ trendWindow }: { trendWindow: TrendingWindow }) {
  const query = useGetTrendingQuery(trendWindow);
  // The answer for this window only: another window's posts never show under this tab.
  const posts = query.currentData;
  const ids = useMemo(() => posts?.map((post) => post.id) ?? [], [posts]);
  useWatchPosts(ids);

  if (!posts && query.isError && !query.isFetching) {
    return (
      <ErrorState
        title="Trending posts could not be loaded"
        message="Check your connection and try again."
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!posts) return <LoadingState label="Loading trending posts…" />;
  if (posts.length === 0) {
    return (
      <div className="py-16 text-center" data-testid="trending-empty">
        <Flame className="mx-auto mb-3 size-10 text-muted-foreground" aria-hidden />
        <p className="font-medium">No trending posts</p>
        <p className="mt-1 text-sm text-muted-foreground">{noTrendingText(trendWindow)}</p>
      </div>
    );
  }
  return (
    <ol aria-label="Trending posts" className="flex flex-col gap-4" data-testid="trending-list">
      {posts.map((post, index) => (
        <li key={post.id} className="flex items-start gap-3">
          <span
            className="mt-4 w-8 shrink-0 text-right text-xl font-semibold tabular-nums text-muted-foreground"
            data-testid="trending-rank"
          >
            <span className="sr-only">Rank </span>
            {index + 1}
          </span>
          <div className="min-w-0 flex-1">
            <PostCard postId={post.id} post={post} variant="compact" />
          </div>
        </li>
      ))}
    </ol>
  );
}
