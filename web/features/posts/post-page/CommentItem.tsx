import { ChevronDown, ChevronRight, Heart, MessageCircle, Pencil, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { useClock } from '../../../lib/clock';
import { cn } from '../../../lib/cn';
import { relativeTime } from '../../../lib/relativeTime';
import { profileUrl } from '../../../lib/links';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { failureMessage } from '../../../lib/failures';
import { ReportButton } from '../../moderation';
import { formatFullDate } from '../../../lib/dateFormat';
import { Avatar } from '../../../components/UserCard';
import type { CommentNode } from '../commentThread';
import {
  useAddCommentMutation,
  useDeleteCommentMutation,
  useEditCommentMutation,
  useSetCommentLikeMutation,
} from '../postsApi';
import { moderationBannerText } from '../card/ModerationBanner';
import { CommentComposer } from './CommentComposer';
import {
  canReply,
  countReplies,
  isOwnComment,
  repliesToggleLabel,
  type HiddenReplies,
} from './threadView';
import { ShownLinkPreview } from '../../link-previews';
import { PostText } from '../card/PostText';

/** What every comment of one thread shares: the post, the viewer, and the hidden replies. */
export interface ThreadSettings {
  postId: string;
  viewerId: string | null;
  commentsOpen: boolean;
  now: number;
  hidden: HiddenReplies;
  onToggleReplies: (commentId: string) => void;
  onRevealReplies: (commentId: string) => void;
}

type Mode = 'reading' | 'replying' | 'editing';

function deletionSubject(replies: number): string {
  if (replies === 0) return 'this comment';
  return `this comment and its ${replies} ${replies === 1 ? 'reply' : 'replies'}`;
}

/** One comment with its actions and, unless hidden, its replies nested under it. */
export function CommentItem({ node, thread }: { node: CommentNode; thread: ThreadSettings }) {
  const { comment, replies } = node;
  const { timeZone } = useClock();
  const [mode, setMode] = useState<Mode>('reading');
  const [confirming, setConfirming] = useState(false);
  const [addComment] = useAddCommentMutation();
  const [editComment] = useEditCommentMutation();
  const [deleteComment] = useDeleteCommentMutation();
  const [setLike, { isLoading: liking }] = useSetCommentLikeMutation();
  const replyButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);

  const name = comment.author.displayName || comment.author.username;
  const own = isOwnComment(comment, thread.viewerId);
  const replyable = canReply(comment, thread.commentsOpen);
  const hidden = thread.hidden.has(comment.id);
  const headingId = `comment-${comment.id}-author`;
  const repliesId = `comment-${comment.id}-replies`;

  function backToReading(focus: HTMLButtonElement | null) {
    setMode('reading');
    // The button that opened the box gets the focus back, not the top of the page.
    requestAnimationFrame(() => focus?.focus());
  }

  async function reply(content: string) {
    await addComment({ postId: thread.postId, content, parentId: comment.id }).unwrap();
    thread.onRevealReplies(comment.id);
    backToReading(replyButton.current);
  }

  async function edit(content: string) {
    await editComment({ commentId: comment.id, content }).unwrap();
    backToReading(editButton.current);
  }

  function remove() {
    setConfirming(false);
    deleteComment({ commentId: comment.id, postId: thread.postId })
      .unwrap()
      .then(() => toast.success('Comment deleted'))
      .catch((failure: unknown) =>
        toast.error(failureMessage(failure, 'The comment could not be deleted. Please try again.')),
      );
  }

  function toggleLike() {
    setLike({ postId: thread.postId, commentId: comment.id, like: !comment.likedByMe })
      .unwrap()
      .catch((failure: unknown) =>
        toast.error(failureMessage(failure, 'The like could not be saved. Please try again.')),
      );
  }

  return (
    <li data-testid="comment" data-comment-id={comment.id} data-depth={comment.depth}>
      <article aria-labelledby={headingId} className="flex gap-3">
        <Avatar name={name} src={comment.author.avatar} className="size-8 text-xs" />
        <div className="min-w-0 flex-1">
          <div className="rounded-xl bg-muted/60 px-3 py-2">
            <header className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <Link
                id={headingId}
                to={profileUrl(comment.author.id)}
                className="font-semibold hover:underline focus-visible:underline"
              >
                {name}
              </Link>
              <time
                dateTime={comment.createdAt}
                title={formatFullDate(comment.createdAt, timeZone)}
                className="text-xs text-muted-foreground"
              >
                {relativeTime(comment.createdAt, thread.now, timeZone)}
              </time>
              {comment.editedAt && (
                <span className="text-xs text-muted-foreground" data-testid="comment-edited">
                  (edited)
                </span>
              )}
            </header>
            {mode === 'editing' ? (
              <div className="mt-2">
                <CommentComposer
                  label="Edit your comment"
                  placeholder="Edit your comment..."
                  submitLabel="Save"
                  initialText={comment.content}
                  onSubmit={edit}
                  onCancel={() => backToReading(editButton.current)}
                  autoFocus
                  testId="comment-edit"
                />
              </div>
            ) : (
              <p
                className="mt-0.5 text-sm break-words whitespace-pre-wrap"
                data-testid="comment-content"
              >
                <PostText text={comment.content} mentions={comment.mentions} />
              </p>
            )}
            {mode !== 'editing' && (
              <ShownLinkPreview
                kind="comment"
                targetId={comment.id}
                preview={comment.linkPreview}
                isAuthor={own}
                className="mt-2"
              />
            )}
            {comment.moderation && (
              <p
                className="mt-1 text-xs font-medium text-amber-800 dark:text-amber-200"
                role="note"
              >
                {moderationBannerText(comment.moderation)}
              </p>
            )}
          </div>
          <div className="mt-1 flex flex-wrap items-center gap-1 text-xs">
            <Button
              variant="ghost"
              size="sm"
              aria-pressed={comment.likedByMe}
              aria-label={`${comment.likedByMe ? 'Unlike' : 'Like'} ${name}'s comment, ${comment.likes} ${comment.likes === 1 ? 'like' : 'likes'}`}
              disabled={liking}
              onClick={toggleLike}
              data-testid="comment-like"
              className={cn(comment.likedByMe && 'text-rose-600 dark:text-rose-400')}
            >
              <Heart aria-hidden className={cn(comment.likedByMe && 'fill-current')} />
              <span data-testid="comment-likes">{comment.likes}</span>
            </Button>
            {replyable && (
              <Button
                ref={replyButton}
                variant="ghost"
                size="sm"
                aria-expanded={mode === 'replying'}
                aria-label={`Reply to ${name}`}
                onClick={() => setMode(mode === 'replying' ? 'reading' : 'replying')}
                data-testid="comment-reply"
              >
                <MessageCircle aria-hidden />
                Reply
              </Button>
            )}
            {own && (
              <>
                <Button
                  ref={editButton}
                  variant="ghost"
                  size="sm"
                  aria-label="Edit your comment"
                  disabled={mode === 'editing'}
                  onClick={() => setMode('editing')}
                  data-testid="comment-edit-button"
                >
                  <Pencil aria-hidden />
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label="Delete your comment"
                  onClick={() => setConfirming(true)}
                  data-testid="comment-delete"
                  className="text-destructive hover:text-destructive"
                >
                  <Trash2 aria-hidden />
                  Delete
                </Button>
              </>
            )}
            {!own && thread.viewerId !== null && (
              <ReportButton targetType="comment" targetId={comment.id} />
            )}
            {replies.length > 0 && (
              <Button
                variant="ghost"
                size="sm"
                aria-expanded={!hidden}
                aria-controls={hidden ? undefined : repliesId}
                onClick={() => thread.onToggleReplies(comment.id)}
                data-testid="comment-toggle-replies"
              >
                {hidden ? <ChevronRight aria-hidden /> : <ChevronDown aria-hidden />}
                {repliesToggleLabel(countReplies(node), hidden)}
              </Button>
            )}
          </div>
          {mode === 'replying' && (
            <div className="mt-2">
              <CommentComposer
                label={`Reply to ${name}`}
                placeholder="Write a reply..."
                submitLabel="Reply"
                onSubmit={reply}
                onCancel={() => backToReading(replyButton.current)}
                autoFocus
                testId="reply-composer"
              />
            </div>
          )}
        </div>
      </article>
      {replies.length > 0 && !hidden && (
        <ul
          id={repliesId}
          aria-label={`Replies to ${name}`}
          className="mt-3 ml-4 grid gap-3 border-l-2 border-border pl-3 sm:pl-4"
        >
          {replies.map((child) => (
            <CommentItem key={child.comment.id} node={child} thread={thread} />
          ))}
        </ul>
      )}
      <ConfirmDeleteDialog
        what={confirming ? deletionSubject(countReplies(node)) : null}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}
