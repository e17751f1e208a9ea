import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { useDeletePostMutation } from '../postsApi';
import { postPageText } from './postPageText';

/** Edit and Delete for the post's author; Delete asks first, then goes to My Posts (001 §8). */
export function PostAuthorActions({ postId }: { postId: string }) {
  const [confirming, setConfirming] = useState(false);
  const [deletePost, { isLoading: deleting }] = useDeletePostMutation();
  const navigate = useNavigate();

  function remove() {
    setConfirming(false);
    deletePost(postId)
      .unwrap()
      .then(() => {
        toast.success(postPageText.deletedTitle, { description: postPageText.deleted });
        void navigate('/posts');
      })
      .catch(() =>
        toast.error(postPageText.deleteFailedTitle, { description: postPageText.deleteFailed }),
      );
  }

  return (
    <div className="flex items-center gap-2">
      <Button asChild variant="outline" size="sm">
        <Link to={`/edit-post/${encodeURIComponent(postId)}`} data-testid="post-edit">
          <Pencil aria-hidden />
          Edit
        </Link>
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={deleting}
        onClick={() => setConfirming(true)}
        data-testid="post-delete"
        className="text-destructive hover:text-destructive"
      >
        <Trash2 aria-hidden />
        Delete
      </Button>
      <ConfirmDeleteDialog
        what={confirming ? postPageText.deleteSubject : null}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
