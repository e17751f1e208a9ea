import { Heart, Megaphone, Pin, PinOff } from 'lucide-react';
import type { CommunityPost } from '../../../shared/community-content';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { errorDetail } from '../../lib/errorDetail';
import { relativeTime } from '../../lib/relativeTime';
import {
  useDeleteCommunityPostMutation,
  useLikeCommunityPostMutation,
  useSetCommunityPostFlagsMutation,
} from './communityContentApi';
import { ConfirmDelete } from './ConfirmDelete';
import { FlagBadges, TagList } from './ContentBadges';
import { MentionText } from '../mentions';

/** A post on the hub: badges, text, tags, the like toggle, and the manager's or author's menu. */
export function CommunityPostCard({
  post,
  now,
  isMember,
  canManage,
  isAuthor,
}: {
  post: CommunityPost;
  now: number;
  isMember: boolean;
  canManage: boolean;
  isAuthor: boolean;
}) {
  const [like, liking] = useLikeCommunityPostMutation();
  const [setFlags, flags] = useSetCommunityPostFlagsMutation();
  const [remove, removal] = useDeleteCommunityPostMutation();
  const failure = liking.error ?? flags.error ?? removal.error;
  const busy = flags.isLoading || removal.isLoading;
  const toggle = (patch: { isPinned?: boolean; isAnnouncement?: boolean }) =>
    void setFlags({ postId: post.id, communityId: post.communityId, ...patch });

  return (
    <li>
      <Card className={cn(post.isAnnouncement && 'border-primary/40')}>
        <CardContent className="grid gap-2 pt-4">
          <div className="flex flex-wrap items-center gap-2">
            <FlagBadges pinned={post.isPinned} announcement={post.isAnnouncement} />
            <span className="text-xs text-muted-foreground">
              <span className="font-medium text-foreground">{post.author.displayName}</span> ·{' '}
              {relativeTime(post.timestamp, now)} · {post.category}
            </span>
          </div>
          <p className="text-sm whitespace-pre-wrap">
            <MentionText text={post.content} mentions={post.mentions} />
          </p>
          <TagList tags={post.tags} />
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant="ghost"
              size="sm"
              disabled={!isMember}
              aria-pressed={post.likedByMe}
              aria-label={`${post.likedByMe ? 'Unlike' : 'Like'} (${post.likes})`}
              onClick={() =>
                void like({ postId: post.id, communityId: post.communityId, like: !post.likedByMe })
              }
            >
              <Heart aria-hidden className={cn(post.likedByMe && 'fill-current text-red-500')} />
              {post.likes}
            </Button>
            {canManage && (
              <>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={busy}
                  onClick={() => toggle({ isPinned: !post.isPinned })}
                >
                  {post.isPinned ? <PinOff aria-hidden /> : <Pin aria-hidden />}
                  {post.isPinned ? 'Unpin' : 'Pin'}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={busy}
                  onClick={() => toggle({ isAnnouncement: !post.isAnnouncement })}
                >
                  <Megaphone aria-hidden />
                  {post.isAnnouncement ? 'Remove announcement' : 'Make announcement'}
                </Button>
              </>
            )}
            {(canManage || isAuthor) && (
              <ConfirmDelete what="post" disabled={busy} onConfirm={() => void remove(post.id)} />
            )}
          </div>
          {failure && (
            <Alert>{errorDetail(failure) ?? 'That did not work. Please try again.'}</Alert>
          )}
        </CardContent>
      </Card>
    </li>
  );
}
