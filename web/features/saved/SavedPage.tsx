import { Bookmark, BookOpen, Trash2 } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { shallowEqual } from 'react-redux';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import type { Post } from '../../../shared/posts';
import { useAppSelector } from '../../state/hooks';
import type { RootState } from '../../state/store';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { PageHeader } from '../../components/PageHeader';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { relativeTimeInline } from '../../lib/relativeTime';
import { useNow } from '../../lib/useNow';
import {
  POST_ACTION_TEXTS,
  PostCard,
  savedPostsShown,
  selectIsPostDeleted,
  selectPostById,
  useGetSavedInfiniteQuery,
  useSetPostSaveMutation,
  useWatchPosts,
} from '../posts';
import { postPath } from '../../lib/shareLinks';

/**
 * Saved Posts (001 §2): the member's saved posts, last saved first. A post unsaved anywhere, here
 * or on another screen, leaves the list at once (the post book says so) and the list refetches.
 */
export function SavedPage() {
  const query = useGetSavedInfiniteQuery();
  const pages = query.data?.pages;
  const selectShown = useCallback(
    (state: RootState) =>
      savedPostsShown(pages, (id) => ({
        post: selectPostById(state, id),
        deleted: selectIsPostDeleted(state, id),
      })),
    [pages],
  );
  const posts = useAppSelector(selectShown, shallowEqual);
  const ids = useMemo(() => posts.map((post) => post.id), [posts]);
  const savedAt = useMemo(
    () => Object.assign({}, ...(pages ?? []).map((page) => page.savedAt)) as Record<string, string>,
    [pages],
  );
  useWatchPosts(ids);

  return (
    <>
      <PageHeader title="Saved Posts" description="Posts you saved to read later." />
      {query.isLoading ? (
        <LoadingState label="Loading saved posts…" />
      ) : !pages ? (
        <ErrorState
          title="Your saved posts could not be loaded"
          message="Check your connection and try again."
          onRetry={() => void query.refetch()}
        />
      ) : posts.length === 0 && !query.hasNextPage ? (
        <div className="py-16 text-center" data-testid="saved-empty">
          <Bookmark className="mx-auto mb-3 size-10 text-muted-foreground" aria-hidden />
          <p className="font-medium">No saved posts yet</p>
          <Button asChild className="mt-4">
            <Link to="/">Explore Posts</Link>
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <ul aria-label="Saved posts" className="flex flex-col gap-4" data-testid="saved-list">
            {posts.map((post) => (
              <li key={post.id}>
                <SavedItem post={post} savedAt={savedAt[post.id]} />
              </li>
            ))}
          </ul>
          {query.isFetchNextPageError && (
            <p role="alert" className="text-center text-sm text-destructive">
              More saved posts could not be loaded.
            </p>
          )}
          <LoadMoreButton query={query} />
        </div>
      )}
    </>
  );
}

/**
 * The post's card, then Read Now and Remove (001 §2); Share, and the save toggle that also takes
 * the post off the list, are the card's own.
 */
function SavedItem({ post, savedAt }: { post: Post; savedAt: string | undefined }) {
  const [setSave, { isLoading: removing }] = useSetPostSaveMutation();
  const now = useNow();

  async function remove() {
    const answer = await setSave({ postId: post.id, save: false });
    if ('error' in answer) toast.error(POST_ACTION_TEXTS.unsaveFailed);
    else toast.success(POST_ACTION_TEXTS.unsaved);
  }

  return (
    <div className="flex flex-col gap-2">
      <PostCard postId={post.id} post={post} variant="compact" />
      <div className="flex items-center justify-end gap-2">
        {savedAt && (
          <p className="mr-auto text-xs text-muted-foreground" data-testid="saved-date">
            Saved <time dateTime={savedAt}>{relativeTimeInline(savedAt, now)}</time>
          </p>
        )}
        <Button asChild variant="outline" size="sm">
          <Link to={postPath(post.id)} aria-label={`Read Now: ${post.title || 'the post'}`}>
            <BookOpen aria-hidden />
            Read Now
          </Link>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove ${post.title || 'this post'} from saved posts`}
          disabled={removing}
          onClick={() => void remove()}
        >
          {removing ? <Spinner /> : <Trash2 aria-hidden />}
          Remove
        </Button>
      </div>
    </div>
  );
}
