import { AtSign } from 'lucide-react';
import { useMemo } from 'react';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { PostCard, useWatchPosts } from '../posts';
import { useMentionedPostsInfiniteQuery } from '../mentions';

/**
 * A profile's Mentions (issue #22): the posts that mention the member and that the viewer may
 * see, newest first, followed live like every list of cards.
 */
export function ProfileMentions({ memberId, isSelf }: { memberId: string; isSelf: boolean }) {
  const query = useMentionedPostsInfiniteQuery(memberId);
  const posts = useMemo(() => query.data?.pages.flatMap((page) => page.posts) ?? [], [query.data]);
  const ids = useMemo(() => posts.map((post) => post.id), [posts]);
  useWatchPosts(ids);

  return (
    <section aria-labelledby="profile-mentions-heading" data-testid="profile-mentions">
      <h2 id="profile-mentions-heading" className="mb-3 text-lg font-semibold">
        Mentions
      </h2>
      {query.isLoading ? (
        <LoadingState label="Loading mentions…" />
      ) : !query.data ? (
        <ErrorState
          title="Mentions could not be loaded"
          message="Check your connection and try again."
          onRetry={() => void query.refetch()}
        />
      ) : posts.length === 0 ? (
        <div
          className="py-10 text-center text-sm text-muted-foreground"
          data-testid="mentions-empty"
        >
          <AtSign className="mx-auto mb-2 size-8" aria-hidden />
          {isSelf ? 'No posts mention you yet.' : 'No posts you can see mention this member.'}
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <ul aria-label="Posts that mention this member" className="flex flex-col gap-4">
            {posts.map((post) => (
              <li key={post.id}>
                <PostCard postId={post.id} post={post} variant="compact" />
              </li>
            ))}
          </ul>
          {query.isFetchNextPageError && (
            <p role="alert" className="text-center text-sm text-destructive">
              More mentions could not be loaded.
            </p>
          )}
          <LoadMoreButton query={query} />
        </div>
      )}
    </section>
  );
}
