import { Hash } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { hashtagPath, parseHashtag } from '../../../shared/hashtags/parse';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { PageHeader } from '../../components/PageHeader';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useLiveFeature } from '../connection';
import { PendingPostsPill } from '../home';
import { PostCard, useWatchPosts } from '../posts';
import { FollowTagButton } from './FollowTagButton';
import { useGetTagPageInfiniteQuery } from './hashtagsApi';
import { HASHTAGS_LIVE_FEATURE } from './hashtagsLiveName';
import { loadNewTagPosts } from './loadNewTagPosts';
import { selectNewTagPostIds } from './newTagPostsSlice';
import { watchedTags } from './watchedTags';

/**
 * `/tags/{tag}`: the posts with the tag that the member may see, newest first, more on demand;
 * new ones wait behind "N new posts" while the page is open; Follow brings the tag's next public
 * posts into the home feed. Any spelling of a tag (`/tags/Agora`) moves to its one spelling.
 */
export function TagPage() {
  const { tag: raw = '' } = useParams();
  const parsed = parseHashtag(raw);
  if (!('tag' in parsed)) {
    return (
      <ErrorState
        title="This is not a tag"
        message={
          parsed.error === 'long'
            ? 'Tags are at most 64 characters.'
            : 'A tag is letters, digits and underscores, with at least one letter.'
        }
      />
    );
  }
  if (parsed.tag !== raw) return <Navigate to={hashtagPath(parsed.tag)} replace />;
  return <TagPosts key={parsed.tag} tag={parsed.tag} />;
}

function TagPosts({ tag }: { tag: string }) {
  useLiveFeature(HASHTAGS_LIVE_FEATURE);
  useEffect(() => watchedTags.watch([tag]), [tag]);
  const page = useGetTagPageInfiniteQuery(tag);
  const pages = page.data?.pages;
  const posts = useMemo(() => {
    const seen = new Set<string>();
    return (pages ?? [])
      .flatMap((p) => p.posts)
      .filter((post) => !seen.has(post.id) && !!seen.add(post.id));
  }, [pages]);
  useWatchPosts(useMemo(() => posts.map((post) => post.id), [posts]));
  const first = pages?.[0];

  return (
    <>
      <PageHeader title={`#${tag}`} description={`Posts with #${tag} that you can see.`}>
        {first && <FollowTagButton tag={tag} following={first.following} />}
      </PageHeader>
      <NewTagPostsPill tag={tag} />
      {page.isLoading ? (
        <LoadingState label={`Loading posts with #${tag}…`} />
      ) : !pages ? (
        <ErrorState
          title="This tag could not be loaded"
          message="Check your connection and try again."
          onRetry={() => void page.refetch()}
        />
      ) : posts.length === 0 ? (
        <div className="py-16 text-center" data-testid="tag-empty">
          <Hash className="mx-auto mb-3 size-10 text-muted-foreground" aria-hidden />
          <p className="font-medium">No posts with #{tag} yet</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Posts you can see that use #{tag} show up here as they are published.
          </p>
        </div>
      ) : (
        <div
          role="feed"
          aria-label={`Posts with #${tag}`}
          aria-busy={page.isFetching}
          className="flex flex-col gap-4"
          data-testid="tag-posts"
        >
          {posts.map((post, index) => (
            <PostCard
              key={post.id}
              postId={post.id}
              post={post}
              position={{ index: index + 1, size: page.hasNextPage ? -1 : posts.length }}
            />
          ))}
        </div>
      )}
      {pages && posts.length > 0 && (
        <div className="flex min-h-16 items-center justify-center py-4">
          {page.isFetchNextPageError ? (
            <div role="alert" className="flex items-center gap-3 text-sm text-destructive">
              More posts could not be loaded.
              <Button variant="outline" size="sm" onClick={() => void page.fetchNextPage()}>
                Retry
              </Button>
            </div>
          ) : page.hasNextPage ? (
            <Button
              variant="outline"
              disabled={page.isFetchingNextPage}
              onClick={() => void page.fetchNextPage()}
            >
              {page.isFetchingNextPage && <Spinner />}
              Show more posts
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">No more posts with #{tag}</p>
          )}
        </div>
      )}
    </>
  );
}

/** "N new posts" above the list while posts with the tag wait; a click loads them in place. */
function NewTagPostsPill({ tag }: { tag: string }) {
  const dispatch = useAppDispatch();
  const newIds = useAppSelector((state) => selectNewTagPostIds(state, tag));
  return (
    <PendingPostsPill
      count={newIds.length}
      load={() => dispatch(loadNewTagPosts(tag, newIds))}
      testId="new-tag-posts-pill"
    />
  );
}
