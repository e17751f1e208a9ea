import { shallowEqual } from 'react-redux';
import { useEffect, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import type { RootState } from '../../state/store';
import {
  listedPosts,
  type ListedPosts,
  pageArgs,
  postsApi,
  type ProfilePostsQuery,
  repostersOf,
} from '../posts';
import type { RepostedBy } from '../../../shared/reposts';

const userPosts = postsApi.endpoints.getUserPosts;

/**
 * The store's type knows the tags of the base API only; the posts endpoints add theirs when they
 * load (`enhanceEndpoints`), so the state is the same object under a wider type.
 */
type PostsApiState = Parameters<ReturnType<typeof userPosts.select>>[0];
const withPostsApi = (state: RootState) => state as PostsApiState;

export interface ProfilePosts extends ListedPosts {
  /** For each listed repost, who reposted it. */
  repostedBy: Record<string, RepostedBy>;
  /** Asks for the next page, or again for the page that failed. */
  loadMore: () => void;
  retry: () => void;
}

/**
 * A profile's posts and reposts, 10 at a time, each page its own cached request (the first, then
 * one per cursor) kept subscribed while the list shows it. A new search or sort starts again from
 * the first page.
 */
export function useProfilePosts(query: ProfilePostsQuery): ProfilePosts {
  const dispatch = useAppDispatch();
  const { userId, q, sortBy } = query;
  const key = `${userId}\n${sortBy}\n${q}`;
  const [paging, setPaging] = useState<{ key: string; cursors: readonly string[] }>({
    key,
    cursors: [],
  });
  const cursors = useMemo(() => (paging.key === key ? paging.cursors : []), [paging, key]);

  const args = useMemo(
    () => pageArgs({ userId, q, sortBy }, cursors),
    [userId, q, sortBy, cursors],
  );
  useEffect(() => {
    const subscriptions = args.map((arg) => dispatch(userPosts.initiate(arg)));
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [dispatch, args]);

  const selectors = useMemo(() => args.map((arg) => userPosts.select(arg)), [args]);
  const results = useAppSelector(
    (state) => selectors.map((select) => select(withPostsApi(state))),
    shallowEqual,
  );
  const listed = useMemo(() => listedPosts(results), [results]);
  const repostedBy = useMemo(() => repostersOf(results), [results]);

  function refetch(index: number) {
    const arg = args[index];
    if (arg) void dispatch(userPosts.initiate(arg, { subscribe: false, forceRefetch: true }));
  }

  const next = results[results.length - 1]?.data?.nextCursor ?? null;
  return {
    ...listed,
    repostedBy,
    loadMore: () => {
      if (listed.moreFailed) refetch(args.length - 1);
      else if (!listed.loadingMore && next !== null) {
        setPaging({ key, cursors: [...cursors, next] });
      }
    },
    retry: () => refetch(0),
  };
}
