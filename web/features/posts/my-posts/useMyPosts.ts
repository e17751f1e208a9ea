import { useEffect, useMemo, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../../state/hooks';
import type { RootState } from '../../../state/store';
import { listedPosts, type ListedPosts } from '../profilePosts';
import { postsApi } from '../postsApi';
import { myPostsArgs, type MyPostsFilters } from './myPosts';

const myPosts = postsApi.endpoints.getMyPosts;

/**
 * The store's type knows the tags of the base API only; the posts endpoints add theirs when they
 * load (`enhanceEndpoints`), so the state is the same object under a wider type.
 */
type PostsApiState = Parameters<ReturnType<typeof myPosts.select>>[0];
const withPostsApi = (state: RootState) => state as PostsApiState;

export interface MyPosts extends ListedPosts {
  /** The first failure's request, for the error state's text. */
  error: unknown;
  loadMore: () => void;
  /** Asks again for every page shown (Try Again, Refresh). */
  refresh: () => void;
}

/**
 * The member's posts a page at a time, each page its own cached request kept subscribed while
 * the list shows it. Other filters start again from the first page. A save or delete anywhere
 * invalidates them all (`MyPosts` tag), so the list follows the member's own changes.
 */
export function useMyPosts(filters: MyPostsFilters): MyPosts {
  const dispatch = useAppDispatch();
  const key = JSON.stringify(filters);
  const [paging, setPaging] = useState({ key, pages: 1 });
  const pages = paging.key === key ? paging.pages : 1;

  const args = useMemo(() => myPostsArgs(JSON.parse(key) as MyPostsFilters, pages), [key, pages]);
  useEffect(() => {
    const subscriptions = args.map((arg) => dispatch(myPosts.initiate(arg)));
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [dispatch, args]);

  const selectors = useMemo(() => args.map((arg) => myPosts.select(arg)), [args]);
  const results = useAppSelector(
    (state) => selectors.map((select) => select(withPostsApi(state))),
    shallowEqual,
  );
  const listed = useMemo(() => listedPosts(results), [results]);

  function refetch(index: number) {
    const arg = args[index];
    if (arg) void dispatch(myPosts.initiate(arg, { subscribe: false, forceRefetch: true }));
  }

  return {
    ...listed,
    error: results.find((result) => result.isError)?.error,
    loadMore: () => {
      if (listed.moreFailed) refetch(args.length - 1);
      else if (!listed.loadingMore && listed.hasMore) setPaging({ key, pages: pages + 1 });
    },
    refresh: () => args.forEach((_, index) => refetch(index)),
  };
}
