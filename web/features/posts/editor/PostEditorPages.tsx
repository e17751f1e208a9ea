import { useParams } from 'react-router-dom';
import { postsMessages } from '../../../../shared/posts';
import { useAppSelector } from '../../../state/hooks';
import { ErrorState, LoadingState } from '../../../components/PageStates';
import { selectSignedInUser } from '../../auth';
import { MissingState } from '../post-page/MissingState';
import { isNotFound } from '../post-page/postPageText';
import { useGetPostQuery } from '../postsApi';
import { editorText } from './editorText';
import { PostEditorForm } from './PostEditorForm';

/** `/create-post`: a new post, written by the signed-in member. */
export function CreatePostPage() {
  const me = useAppSelector(selectSignedInUser);
  if (!me) return <LoadingState label={editorText.loading} />;
  return <PostEditorForm post={null} author={me} />;
}

/**
 * `/edit-post/{id}`: the post as the server holds it now, not a copy cached earlier, and only
 * for its author; anyone else, like a missing post, gets 'Post not found'.
 */
export function EditPostPage() {
  const { id = '' } = useParams();
  const me = useAppSelector(selectSignedInUser);
  const {
    data: post,
    error,
    isLoading,
    refetch,
  } = useGetPostQuery(id, {
    refetchOnMountOrArgChange: true,
  });

  if (isLoading || !me) return <LoadingState label={editorText.loading} />;
  if (!post || post.author.id !== me.id) {
    if (post || isNotFound(error)) {
      return (
        <MissingState
          title={postsMessages.postNotFound}
          message="This post doesn't exist or isn't yours to edit."
          linkTo="/posts"
          linkLabel="Back to Posts"
        />
      );
    }
    return (
      <ErrorState
        title="The post could not be loaded"
        message="Check your connection and try again."
        onRetry={() => void refetch()}
      />
    );
  }
  return <PostEditorForm key={post.id} post={post} author={post.author} />;
}
