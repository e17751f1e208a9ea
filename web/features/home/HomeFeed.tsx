import { forwardRef, useCallback, useEffect, useMemo, useState, type ComponentProps } from 'react';
import { shallowEqual } from 'react-redux';
import { Virtuoso, type ListItem } from 'react-virtuoso';
import { useAppSelector } from '../../state/hooks';
import type { RootState } from '../../state/store';
import { ErrorState } from '../../components/PageStates';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import {
  AdSlot,
  emptyAdPlan,
  extendAdPlan,
  type FeedItem,
  PostCard,
  selectIsPostDeleted,
  useGetFeedInfiniteQuery,
  useWatchPosts,
  withAdSlots,
} from '../posts';
import { FeedEmpty } from './FeedEmpty';
import { FeedSkeleton } from './FeedSkeleton';
import { FEED_TEXTS, feedFooter, feedPostIds, rowsAddedAbove } from './feedList';
import { holdPlaceOnResize } from './holdPlaceOnResize';
import { FEED_CARD, NewPostsPill } from './NewPostsPill';
import type { RepostedBy as RepostedByMember } from '../../../shared/reposts';
import { useInView } from './useInView';

/** The loader counts as seen once a tenth of it is on screen (000 §4, §9). */
const LOADER_THRESHOLD = 0.1;
/** Rows are kept rendered this far beyond the window, so fast scrolling shows no blanks. */
const OVERSCAN_PX = { top: 800, bottom: 1200 } as const;
/** Row indexes start high so rows added on top can take lower ones (react-virtuoso's prepend). */
const FIRST_INDEX = 1_000_000;
/** A card's height before it is measured, so the list starts near its real length. */
const ESTIMATED_ROW_PX = 280;
/**
 * The list is empty on its first render, before it has measured the window: this many rows'
 * height is held meanwhile, so the loader under it starts below the fold rather than under the
 * header and is not pushed down when the rows appear (a layout shift, 0.07 on a phone).
 */
const RESERVED_ROWS = 3;

/** What the list's rows do not say: whether new posts are being put on top of them. */
interface FeedContext {
  addingAbove: boolean;
}

/**
 * The list says it is busy while new posts are put above the reader and their place is held
 * (WAI-ARIA's feed pattern: a screen reader waits for the rows to settle before reading on).
 */
const FeedList = forwardRef<HTMLDivElement, ComponentProps<'div'> & { context?: FeedContext }>(
  function FeedList({ context, ...props }, ref) {
    return (
      <div
        {...props}
        ref={ref}
        role="feed"
        aria-label="Posts"
        aria-busy={context?.addingAbove || undefined}
        data-testid="feed-list"
      />
    );
  },
);

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/** The reader's place is held while rows above it change height (see the function). */
const holdReadersPlace = (section: HTMLElement | null) =>
  section ? holdPlaceOnResize(section, FEED_CARD) : undefined;

/**
 * The home feed (000 §2, §4): 20 posts, then 5 more whenever the loader at the bottom comes into
 * view, to 'You've reached the end of the feed'; ad slots after random gaps; new posts from
 * friends behind the "N new posts" pill. Only the rows near the window are rendered, and the
 * rendered posts are the ones followed live.
 */
export function HomeFeed() {
  const feed = useGetFeedInfiniteQuery();
  const pages = feed.data?.pages;
  const allIds = useMemo(() => feedPostIds(pages), [pages]);
  const selectShown = useCallback(
    (state: RootState) => allIds.filter((id) => !selectIsPostDeleted(state, id)),
    [allIds],
  );
  const ids = useAppSelector(selectShown, shallowEqual);

  const [adPlan, setAdPlan] = useState(() => emptyAdPlan(Math.random));
  const plan = extendAdPlan(adPlan, ids, Math.random);
  if (plan !== adPlan) setAdPlan(plan);
  const items = useMemo(() => withAdSlots(ids, plan), [ids, plan]);

  // Rows added above the first one shift the indexes, keeping the reader's place; a reader at
  // the very top has no place to keep and sees the new rows where they are.
  const [atTop, setAtTop] = useState(true);
  const [anchor, setAnchor] = useState({ firstId: ids[0] ?? null, firstIndex: FIRST_INDEX });
  const firstId = ids[0] ?? null;
  if (firstId !== anchor.firstId) {
    const added = atTop ? 0 : rowsAddedAbove(anchor.firstId, ids);
    setAnchor({ firstId, firstIndex: anchor.firstIndex - added });
  }

  const [addingAbove, setAddingAbove] = useState(false);
  const feedContext = useMemo((): FeedContext => ({ addingAbove }), [addingAbove]);

  const [renderedIds, setRenderedIds] = useState<string[]>([]);
  useWatchPosts(renderedIds);
  const onItemsRendered = useCallback((rendered: ListItem<FeedItem>[]) => {
    const next = rendered.flatMap((row) => (row.data ? [row.data.postId] : []));
    // The list reports after each of its renders; an unchanged set must not render it again.
    setRenderedIds((held) => (sameIds(held, next) ? held : next));
  }, []);

  const [loaderRef, loaderInView, loaderShownNow] = useInView(LOADER_THRESHOLD);
  const footer = feedFooter({
    hasNextPage: feed.hasNextPage,
    isFetchingNextPage: feed.isFetchingNextPage,
    isFetchNextPageError: feed.isFetchNextPageError,
  });
  const { fetchNextPage } = feed;
  const rowsRendered = ids.length === 0 || renderedIds.length > 0;
  const wantsMore = loaderInView && footer === 'more' && !feed.isFetching && rowsRendered;
  // The observer's cue is checked against the layout as it is now: before the list has rendered
  // its rows the loader sits right under the header, and would load a page nobody scrolled to.
  // While it stays in view after a page (five short posts may not push it out) the next page
  // follows; a failed page waits for Retry instead of asking again and again.
  useEffect(() => {
    if (wantsMore && loaderShownNow()) void fetchNextPage();
  }, [wantsMore, renderedIds, loaderShownNow, fetchNextPage]);

  const firstPosts = useMemo(
    () => new Map(pages?.flatMap((page) => page.posts.map((post) => [post.id, post]))),
    [pages],
  );
  const followedTags = useMemo(
    () =>
      Object.assign({}, ...(pages ?? []).map((page) => page.followedTags)) as Record<
        string,
        string
      >,
    [pages],
  );

  const repostedBy = useMemo(
    () =>
      Object.assign({}, ...(pages ?? []).map((page) => page.repostedBy)) as Record<
        string,
        RepostedByMember
      >,
    [pages],
  );

  if (feed.isLoading) return <FeedSkeleton />;
  if (!pages) {
    return (
      <ErrorState
        title={FEED_TEXTS.loadFailedTitle}
        message={FEED_TEXTS.loadFailed}
        onRetry={() => void feed.refetch()}
      />
    );
  }

  return (
    <section
      ref={holdReadersPlace}
      aria-label="Home feed"
      className="relative"
      data-testid="home-feed"
    >
      <NewPostsPill onAddingAbove={setAddingAbove} />
      {ids.length === 0 && footer === 'end' ? (
        <FeedEmpty />
      ) : (
        <Virtuoso
          useWindowScroll
          data={items}
          // Drawn before the list has measured anything: by the server, which has no window (a
          // member's home sent with its document, `web/app/first-screen.tsx`), and by the app,
          // which replaces that page with this one and must not show it empty meanwhile.
          initialItemCount={Math.min(items.length, RESERVED_ROWS)}
          firstItemIndex={anchor.firstIndex}
          computeItemKey={(_index, item) => item.postId}
          increaseViewportBy={OVERSCAN_PX}
          defaultItemHeight={ESTIMATED_ROW_PX}
          atTopStateChange={setAtTop}
          itemsRendered={onItemsRendered}
          components={{ List: FeedList }}
          context={feedContext}
          style={
            rowsRendered
              ? undefined
              : { minHeight: Math.min(items.length, RESERVED_ROWS) * ESTIMATED_ROW_PX }
          }
          itemContent={(index, item) => {
            const post = firstPosts.get(item.postId);
            if (!post) return null;
            return (
              <div className="pb-4">
                <PostCard
                  postId={item.postId}
                  post={post}
                  followedTag={followedTags[item.postId]}
                  repostedBy={repostedBy[item.postId]}
                  position={{
                    index: index - anchor.firstIndex + 1,
                    size: feed.hasNextPage ? -1 : items.length,
                  }}
                />
                {item.adAfter && <AdSlot slot={item.postId} />}
              </div>
            );
          }}
        />
      )}
      <div
        ref={loaderRef}
        className="flex min-h-16 items-center justify-center py-4"
        data-testid="feed-loader"
      >
        {footer === 'loading' && (
          <span role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            {FEED_TEXTS.loadingMore}
          </span>
        )}
        {footer === 'failed' && (
          <div role="alert" className="flex items-center gap-3 text-sm text-destructive">
            {FEED_TEXTS.moreFailed}
            <Button variant="outline" size="sm" onClick={() => void fetchNextPage()}>
              Retry
            </Button>
          </div>
        )}
        {footer === 'end' && ids.length > 0 && (
          <p className="text-sm text-muted-foreground" data-testid="feed-end">
            {FEED_TEXTS.end}
          </p>
        )}
      </div>
    </section>
  );
}
