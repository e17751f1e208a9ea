import { MessageSquareOff } from 'lucide-react';
import { useMemo, useState } from 'react';
import { postsMessages } from '../../../../shared/posts';
import { LoadingState } from '../../../components/PageStates';
import { Button } from '../../../components/ui/button';
import { useAppSelector } from '../../../state/hooks';
import { selectSignedInUserId } from '../../auth';
import { useNow } from '../../../lib/useNow';
import { nestComments } from '../commentThread';
import { useAddCommentMutation, useGetCommentsQuery } from '../postsApi';
import { CommentComposer } from './CommentComposer';
import { CommentItem, type ThreadSettings } from './CommentItem';
import { commentsCountText, revealReplies, toggleReplies, type HiddenReplies } from './threadView';

export interface CommentThreadProps {
  postId: string;
  /** The post's allowComments: when off, the thread is read-only and says so. */
  commentsOpen: boolean;
  /** `?focus=comment`: the comment box takes the focus once the thread is on screen. */
  focusComposer?: boolean;
}

/**
 * A post's comments, nested to depth 3, with the box to add one. The thread is the cached
 * `getComments` answer, which responses and live pushes keep up to date, so new comments from
 * other members simply appear here.
 */
export function CommentThread({ postId, commentsOpen, focusComposer = false }: CommentThreadProps) {
  const { data, isLoading, isError, refetch } = useGetCommentsQuery(postId);
  const [addComment] = useAddCommentMutation();
  const viewerId = useAppSelector(selectSignedInUserId);
  const now = useNow();
  const [hidden, setHidden] = useState<HiddenReplies>(() => new Set());
  const roots = useMemo(() => nestComments(data ?? []), [data]);
  const headingId = `comments-${postId}`;

  const thread: ThreadSettings = {
    postId,
    viewerId,
    commentsOpen,
    now,
    hidden,
    onToggleReplies: (commentId) => setHidden((held) => toggleReplies(held, commentId)),
    onRevealReplies: (commentId) => setHidden((held) => revealReplies(held, commentId)),
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-4" data-testid="comment-thread">
      <h2 id={headingId} className="text-lg font-semibold">
        Comments
        {data && (
          <span className="ml-2 text-sm font-normal text-muted-foreground">
            {commentsCountText(data.length)}
          </span>
        )}
      </h2>
      {commentsOpen ? (
        <CommentComposer
          label="Write a comment"
          placeholder="Write a comment..."
          submitLabel="Comment"
          onSubmit={(content) => addComment({ postId, content }).unwrap()}
          autoFocus={focusComposer}
          testId="comment-composer"
        />
      ) : (
        <p
          data-testid="comments-closed"
          className="flex items-center gap-2 rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground"
        >
          <MessageSquareOff className="size-4 shrink-0" aria-hidden />
          {postsMessages.commentsOff}
        </p>
      )}
      {isLoading ? (
        <LoadingState label="Loading comments..." />
      ) : isError && !data ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 py-4 text-sm">
          <span className="text-destructive">Comments could not be loaded.</span>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : roots.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground" data-testid="comments-empty">
          {commentsOpen ? 'No comments yet. Be the first to comment.' : 'No comments yet.'}
        </p>
      ) : (
        <ul aria-label="Comments" className="grid gap-4" data-testid="comment-list">
          {roots.map((node) => (
            <CommentItem key={node.comment.id} node={node} thread={thread} />
          ))}
        </ul>
      )}
    </section>
  );
}
