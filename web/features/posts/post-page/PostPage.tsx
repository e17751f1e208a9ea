import { useLocation, useParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/PageStates';
import { useAppSelector } from '../../../state/hooks';
import { selectSignedInUserId } from '../../auth';
import { PostActions } from '../card/PostActions';
import { useGetPostQuery } from '../postsApi';
import { useWatchPosts } from '../useWatchPosts';
import { CommentThread } from './CommentThread';
import { MissingState } from './MissingState';
import { PostArticle } from './PostArticle';
import { isNotFound, postPageText } from './postPageText';
import { focusesComment } from './threadView';
import { useBookPost } from './useBookPost';
import { useCountView } from './useCountView';

/**
 * `/post/{id}` (001 §2): 'Loading post...', then the post with its comment thread, or 'Post not
 * found' for a post that is missing, deleted, or not the viewer's to see.
 */
export function PostPage() {
  const { id = '' } = useParams();
  const { search } = useLocation();
  const { currentData, error, refetch } = useGetPostQuery(id, { skip: !id });
  const post = useBookPost(id, currentData);
  const viewerId = useAppSelector(selectSignedInUserId);
  // Only a post the server answered: an unknown or malformed id would spoil the whole watch list.
  useWatchPosts(post ? [post.id] : []);
  useCountView(currentData?.id);

  if (!id || isNotFound(error) || (!post && currentData)) {
    return (
      <MissingState
        title={postPageText.notFound}
        message={postPageText.notFoundDetail}
        linkTo="/"
        linkLabel="Back to Home"
      />
    );
  }
  if (post) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-8">
        <PostArticle
          post={post}
          isAuthor={post.author.id === viewerId}
          actions={<PostActions post={post} />}
        />
        <CommentThread
          key={post.id}
          postId={post.id}
          commentsOpen={post.allowComments}
          focusComposer={focusesComment(search)}
        />
      </div>
    );
  }
  if (error) {
    return (
      <ErrorState
        title="The post could not be loaded"
        message="Check your connection and try again."
        onRetry={() => void refetch()}
      />
    );
  }
  return <LoadingState label={postPageText.loading} />;
}
