import { Bookmark, Heart, MessageCircle, Quote, Repeat2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import type { Post } from '../../../../shared/posts';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useSession } from '../../auth';
import { ReportButton } from '../../moderation';
import { useSetPostLikeMutation, useSetPostSaveMutation } from '../postsApi';
import { shownLike, toggledLike, type LikeView } from './likeState';
import { postPath } from '../../../lib/shareLinks';
import { ShareMenu } from './ShareMenu';

export const POST_ACTION_TEXTS = {
  likeFailed: 'Your like could not be saved. Please try again.',
  unlikeFailed: 'Your like could not be removed. Please try again.',
  saveFailed: 'The post could not be saved. Please try again.',
  unsaveFailed: 'The post could not be removed from your saved posts. Please try again.',
  saved: 'Post saved',
  unsaved: 'Removed from saved posts',
} as const;

/** Where Comment leads: the post's page with its comment box focused (000 §2). */
export function commentPath(postId: string): string {
  return `${postPath(postId)}?focus=comment`;
}

function countLabel(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * Like, comment, share, save and report (someone else's post) under a post. A like shows at once
 * and goes back, with a toast, if the server refuses it (000 §4); the answer, and any push, then
 * set the real count.
 */
export function PostActions({ post }: { post: Post }) {
  const [setLike] = useSetPostLikeMutation();
  const [setSave, saving] = useSetPostSaveMutation();
  const [pending, setPending] = useState<LikeView | null>(null);
  const like = shownLike(post, pending);
  const { user } = useSession();
  const others = user !== null && user.id !== post.author.id;

  const toggleLike = async () => {
    if (pending) return;
    const next = toggledLike(like);
    setPending(next);
    const answer = await setLike({ postId: post.id, like: next.likedByMe });
    setPending(null);
    if ('error' in answer) {
      toast.error(next.likedByMe ? POST_ACTION_TEXTS.likeFailed : POST_ACTION_TEXTS.unlikeFailed);
    }
  };

  const toggleSave = async () => {
    const save = !post.savedByMe;
    const answer = await setSave({ postId: post.id, save });
    if ('error' in answer) {
      toast.error(save ? POST_ACTION_TEXTS.saveFailed : POST_ACTION_TEXTS.unsaveFailed);
    } else {
      toast.success(save ? POST_ACTION_TEXTS.saved : POST_ACTION_TEXTS.unsaved);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-1 border-t pt-2" data-testid="post-actions">
      <Button
        variant="ghost"
        size="sm"
        aria-pressed={like.likedByMe}
        aria-label={`Like (${countLabel(like.likes, 'like', 'likes')})`}
        onClick={() => void toggleLike()}
        className={cn(like.likedByMe && 'text-rose-600 dark:text-rose-400')}
        data-testid="post-like"
      >
        <Heart aria-hidden className={cn(like.likedByMe && 'fill-current')} />
        <span data-testid="post-like-count">{like.likes}</span>
      </Button>
      {post.allowComments && (
        <Button asChild variant="ghost" size="sm">
          <Link
            to={commentPath(post.id)}
            aria-label={`Comment (${countLabel(post.comments, 'comment', 'comments')})`}
            data-testid="post-comment"
          >
            <MessageCircle aria-hidden />
            <span data-testid="post-comment-count">{post.comments}</span>
          </Link>
        </Button>
      )}
      <span
        className={cn(
          'inline-flex items-center gap-1 px-2 text-sm text-muted-foreground [&_svg]:size-4',
          post.repostedByMe && 'text-emerald-700 dark:text-emerald-400',
        )}
        data-testid="post-repost-status"
      >
        <Repeat2 aria-hidden />
        <span data-testid="post-repost-count">{post.reposts}</span>
        <span className="sr-only">
          {post.reposts === 1 ? 'repost' : 'reposts'}
          {post.repostedByMe ? ', reposted by you' : ''}
        </span>
      </span>
      <span
        className="inline-flex items-center gap-1 px-2 text-sm text-muted-foreground [&_svg]:size-4"
        data-testid="post-quote-status"
      >
        <Quote aria-hidden />
        <span data-testid="post-quote-count">{post.quotes}</span>
        <span className="sr-only">{post.quotes === 1 ? 'quote' : 'quotes'}</span>
      </span>
      {post.allowSharing && (
        <ShareMenu
          post={post}
          triggerLabel={`Share (${countLabel(post.shares, 'share', 'shares')})`}
          triggerText={<span data-testid="post-share-count">{post.shares}</span>}
        />
      )}
      <Button
        variant="ghost"
        size="sm"
        aria-pressed={post.savedByMe}
        aria-label="Save post"
        disabled={saving.isLoading}
        onClick={() => void toggleSave()}
        className={cn('ml-auto', post.savedByMe && 'text-primary')}
        data-testid="post-save"
      >
        <Bookmark aria-hidden className={cn(post.savedByMe && 'fill-current')} />
        <span>{post.savedByMe ? 'Saved' : 'Save'}</span>
      </Button>
      {others && <ReportButton targetType="post" targetId={post.id} />}
    </div>
  );
}
