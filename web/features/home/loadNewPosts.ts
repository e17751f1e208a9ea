import { FEED_PAGE, type Post } from '../../../shared/posts';
import type { AppThunk } from '../../state/store';
import { newPostsShown, postsApi, type RepostArrival } from '../posts';
import { mergeNewPosts } from './feedList';

export type NewPostsOutcome = 'merged' | 'reloaded' | 'failed';

/**
 * Loads the posts the "N new posts" pill announced onto the top of the feed, where the feed's
 * order puts them. A few are fetched by id and merged into the first page, so the pages below
 * and the place reached stay as they are; more than a first page's worth reloads the feed. A
 * post that can no longer be seen (deleted, made private) is left out; one a followed tag
 * brought keeps the tag the push named, and one a repost brought says who reposted it (the
 * latest), as the feed page would.
 */
export const loadNewPosts =
  (
    postIds: readonly string[],
    followedTags: Readonly<Record<string, string>> = {},
    reposts: Readonly<Record<string, readonly RepostArrival[]>> = {},
  ): AppThunk<Promise<NewPostsOutcome>> =>
  async (dispatch) => {
    if (postIds.length > FEED_PAGE.default) {
      dispatch(postsApi.util.invalidateTags(['Feed']));
      dispatch(newPostsShown());
      return 'reloaded';
    }
    const answers = await Promise.all(
      postIds.map((id) =>
        dispatch(postsApi.endpoints.getPost.initiate(id, { subscribe: false, forceRefetch: true })),
      ),
    );
    const found = answers.flatMap((answer): Post[] => (answer.data ? [answer.data] : []));
    const unreachable = answers.some((answer) => answer.isError && !isNotFound(answer.error));
    if (unreachable && found.length === 0) return 'failed';
    const latest: Record<string, RepostArrival> = {};
    const repostedAt: Record<string, string> = {};
    for (const [id, arrivals] of Object.entries(reposts)) {
      const last = arrivals[arrivals.length - 1];
      if (last === undefined) continue;
      latest[id] = last;
      repostedAt[id] = last.at;
    }
    dispatch(
      postsApi.util.updateQueryData('getFeed', undefined, (feed) => {
        const first = feed.pages[0];
        if (!first) return;
        first.posts = mergeNewPosts(first.posts, found, repostedAt);
        for (const post of found) {
          const tag = followedTags[post.id];
          if (tag !== undefined) first.followedTags[post.id] = tag;
          const repost = latest[post.id];
          if (repost !== undefined) first.repostedBy[post.id] = repost.by;
        }
      }),
    );
    dispatch(newPostsShown());
    return 'merged';
  };

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
}
