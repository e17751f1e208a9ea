import type { Post } from '../../../shared/posts';
import type { AppThunk } from '../../state/store';
import { mergeNewPosts } from '../home';
import { postsApi } from '../posts';
import { hashtagsApi } from './hashtagsApi';
import { newTagPostsShown } from './newTagPostsSlice';

/**
 * Loads the posts a tag page's "N new posts" announced onto the top of its first page, as the
 * home feed's pill does (`loadNewPosts`): each by id, a post no longer visible left out. Answers
 * whether any could be loaded at all.
 */
export const loadNewTagPosts =
  (tag: string, postIds: readonly string[]): AppThunk<Promise<boolean>> =>
  async (dispatch) => {
    const answers = await Promise.all(
      postIds.map((id) =>
        dispatch(postsApi.endpoints.getPost.initiate(id, { subscribe: false, forceRefetch: true })),
      ),
    );
    const found = answers.flatMap((answer): Post[] => (answer.data ? [answer.data] : []));
    if (found.length === 0 && answers.some((answer) => answer.isError)) {
      const gone = answers.every(
        (answer) =>
          typeof answer.error === 'object' &&
          'status' in answer.error &&
          answer.error.status === 404,
      );
      if (!gone) return false;
    }
    dispatch(
      hashtagsApi.util.updateQueryData('getTagPage', tag, (page) => {
        const first = page.pages[0];
        if (first) first.posts = mergeNewPosts(first.posts, found);
      }),
    );
    dispatch(newTagPostsShown(tag));
    return true;
  };
