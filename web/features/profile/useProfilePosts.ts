import { shallowEqual } from 'react-redux';
import { useEffect, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { postsApi } from '../posts/postsApi';
import { listedPosts, pageArgs, type ListedPosts, type ProfilePostsQuery } from './profilePosts';

const userPosts = postsApi.endpoints.getUserPosts;

/**
 * The store's type knows the tags of the base API only; the posts endpoints add theirs when they
 * load (`enhanceEndpoints`), so the state is the same object under a wider type.
 */
type PostsApiState = Parameters<ReturnType<typeof userPosts.select>>[0];
const withPostsApi = (state: RootState) => state as PostsApiState;

export interface ProfilePosts extends ListedPosts {
  /** Asks for the next page, or again for the page that failed. */
  loadMore: () => void;
  retry: () => void;
}

/**
 * A profile's posts, 10 at a time, each page its own cached request (`offset` 0, 10, 20...)
 * kept subscribed while the list shows it. A new search or sort starts again from the first page.
 */
export function useProfilePosts(query: ProfilePostsQuery): ProfilePosts {
  const dispatch = useAppDispatch();
  const { userId, q, sortBy } = query;
  const key = `${userId}\n${sortBy}\n${q}`;
  const [paging, setPaging] = useState({ key, pages: 1 });
  const pages = paging.key === key ? paging.pages : 1;

  const args = useMemo(() => pageArgs({ userId, q, sortBy }, pages), [userId, q, sortBy, pages]);
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

  function refetch(index: number) {
    const arg = args[index];
    if (arg) void dispatch(userPosts.initiate(arg, { subscribe: false, forceRefetch: true }));
  }

  return {
    ...listed,
    loadMore: () => {
      if (listed.moreFailed) refetch(args.length - 1);
      else if (!listed.loadingMore && listed.hasMore) setPaging({ key, pages: pages + 1 });
    },
    retry: () => refetch(0),
  };
}
