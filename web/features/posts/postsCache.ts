import type {
  Comment,
  Post,
  SavedStatePayload,
  SharedComment,
  SharedPost,
} from '../../../shared/posts';
import type { AppThunk } from '../../state/store';
import { applyCommentLike, removeComment, upsertComment } from './commentThread';
import { postsEndpoints } from './postsEndpoints';
import { withSavedPost } from './savedList';
import {
  postCountsReceived,
  postDeleted,
  postSaveReceived,
  postsReceived,
  selectPostById,
  selectSaveVersion,
} from './postsSlice';

/** A comment from a response or a push, into its post's open thread if the client has one. */
export const commentReceived =
  (comment: Comment): AppThunk =>
  (dispatch) => {
    dispatch(
      postsEndpoints.util.updateQueryData('getComments', comment.postId, (thread) =>
        upsertComment(thread, comment),
      ),
    );
  };

export const commentRemoved =
  (postId: string, commentId: string): AppThunk =>
  (dispatch) => {
    dispatch(
      postsEndpoints.util.updateQueryData('getComments', postId, (thread) =>
        removeComment(thread, commentId),
      ),
    );
  };

export const commentLikeReceived =
  (
    postId: string,
    state: { commentId: string; likes: number; version: number; likedByMe?: boolean },
  ): AppThunk =>
  (dispatch) => {
    dispatch(
      postsEndpoints.util.updateQueryData('getComments', postId, (thread) =>
        applyCommentLike(thread, state),
      ),
    );
  };

/**
 * A deleted post leaves the book, so every card showing it disappears, and its page's cached
 * answer goes so a revisit shows 'Post not found' instead of the old copy.
 */
export const postRemoved =
  (postId: string): AppThunk =>
  (dispatch) => {
    dispatch(postDeleted(postId));
    dispatch(postsEndpoints.util.invalidateTags([{ type: 'Post', id: postId }, 'MyPosts']));
  };

/** Posts from any list or push join the book; older states than the book holds are dropped. */
export const postsLoaded =
  (posts: readonly Post[]): AppThunk =>
  (dispatch) => {
    if (posts.length > 0) dispatch(postsReceived(posts));
  };

/** A share answers only its count: the other counts are the newest the book holds. */
export const shareCounted =
  (state: { postId: string; shares: number; version: number }): AppThunk =>
  (dispatch, getState) => {
    const held = selectPostById(getState(), state.postId);
    if (!held) return;
    const { likes, comments, reposts, quotes } = held;
    dispatch(postCountsReceived({ ...state, likes, comments, reposts, quotes }));
  };

/**
 * A post as a push carries it to every watcher alike: what this member did to it (liked, saved,
 * reposted) and the quote as they may see it are kept from the book. A post the book does not hold is on no screen, so nothing changes.
 */
export const sharedPostReceived =
  (post: SharedPost): AppThunk =>
  (dispatch, getState) => {
    const held = selectPostById(getState(), post.id);
    if (!held) return;
    // A newer post with another comment count comes of comments this client was not pushed:
    // the watch's catch-up of a post read before its socket followed it. An open thread of it
    // is read again (a thread nobody shows is not fetched).
    if (post.version > held.version && post.comments !== held.comments) {
      dispatch(postsEndpoints.util.invalidateTags([{ type: 'Comments', id: post.id }]));
    }
    dispatch(
      postsReceived([
        {
          ...post,
          likedByMe: held.likedByMe,
          savedByMe: held.savedByMe,
          repostedByMe: held.repostedByMe,
          quote: held.quote,
        },
      ]),
    );
  };

/**
 * A comment as a push carries it to every watcher alike, into its open thread: this member's
 * own like is kept from the thread (a new comment has none of theirs).
 */
export const sharedCommentReceived =
  (comment: SharedComment): AppThunk =>
  (dispatch) => {
    dispatch(
      postsEndpoints.util.updateQueryData('getComments', comment.postId, (thread) => {
        const held = thread.find((each) => each.id === comment.id);
        upsertComment(thread, { ...comment, likedByMe: held?.likedByMe ?? false });
      }),
    );
  };

/**
 * The member saved a post or took it off their saved posts in another tab: the card follows by
 * the save's version, and a newly saved post joins an open /saved in its place (one taken off
 * leaves it through the book, see `savedPostsShown`).
 */
export const saveStateReceived =
  ({ postId, savedByMe, version, savedAt, post }: SavedStatePayload): AppThunk =>
  (dispatch, getState) => {
    if ((selectSaveVersion(getState(), postId) ?? -1) >= version) return;
    if (post) dispatch(postsReceived([post]));
    dispatch(postSaveReceived({ postId, savedByMe, version }));
    if (!savedByMe || !post || !savedAt) return;
    dispatch(
      postsEndpoints.util.updateQueryData('getSaved', undefined, (data) => {
        withSavedPost(data.pages, post, savedAt);
      }),
    );
  };
