import { Lock, LockOpen, Pin, PinOff } from 'lucide-react';
import { useState } from 'react';
import type { Discussion } from '../../../shared/community-content';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { selectSignedInUserId } from '../auth';
import { errorDetail } from '../../lib/errorDetail';
import { relativeTime } from '../../lib/relativeTime';
import { useNow } from '../../lib/useNow';
import { useAppSelector } from '../../state/hooks';
import {
  useDeleteDiscussionMutation,
  useGetDiscussionThreadQuery,
  useSetDiscussionFlagsMutation,
} from './communityContentApi';
import { ConfirmDelete } from './ConfirmDelete';
import { FlagBadges, TagList } from './ContentBadges';
import { ReplyBox } from './ReplyBox';
import { LoadMore } from './LoadMore';
import type { Mention } from '../../../shared/mentions';
import { MentionText } from '../mentions';

/** Sticky, lock and delete, for admins and moderators (delete also for the author). */
function DiscussionActions({
  discussion,
  canManage,
  isAuthor,
  onDeleted,
}: {
  discussion: Discussion;
  canManage: boolean;
  isAuthor: boolean;
  onDeleted: () => void;
}) {
  const [setFlags, flags] = useSetDiscussionFlagsMutation();
  const [remove, removal] = useDeleteDiscussionMutation();
  const failure = flags.error ?? removal.error;
  if (!canManage && !isAuthor) return null;
  const busy = flags.isLoading || removal.isLoading;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Manage discussion">
        {canManage && (
          <>
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() =>
                void setFlags({ discussionId: discussion.id, isSticky: !discussion.isSticky })
              }
            >
              {discussion.isSticky ? <PinOff aria-hidden /> : <Pin aria-hidden />}
              {discussion.isSticky ? 'Remove sticky' : 'Make sticky'}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() =>
                void setFlags({ discussionId: discussion.id, isLocked: !discussion.isLocked })
              }
            >
              {discussion.isLocked ? <LockOpen aria-hidden /> : <Lock aria-hidden />}
              {discussion.isLocked ? 'Unlock' : 'Lock'}
            </Button>
          </>
        )}
        <ConfirmDelete
          what="discussion"
          disabled={busy}
          onConfirm={() => {
            void remove(discussion.id).then((result) => {
              if (!('error' in result)) onDeleted();
            });
          }}
        />
      </div>
      {failure && <Alert>{errorDetail(failure) ?? 'That did not work. Please try again.'}</Alert>}
    </div>
  );
}

/** One discussion opened: its text, replies oldest first (more on demand) and the reply box. */
export function DiscussionThreadDialog({
  discussionId,
  isMember,
  canManage,
  onClose,
}: {
  discussionId: string;
  isMember: boolean;
  canManage: boolean;
  onClose: () => void;
}) {
  const me = useAppSelector(selectSignedInUserId);
  const [cursors, setCursors] = useState<string[]>([]);
  const { data, error, isLoading, refetch } = useGetDiscussionThreadQuery({ discussionId });
  const now = useNow();
  const discussion = data?.discussion;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        {isLoading && (
          <>
            <DialogTitle className="sr-only">Loading discussion</DialogTitle>
            <div className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Spinner /> Loading discussion...
            </div>
          </>
        )}
        {error && !discussion && (
          <>
            <DialogTitle>Discussion unavailable</DialogTitle>
            <Alert>
              {errorDetail(error) ?? 'The discussion could not be loaded.'}{' '}
              <Button variant="link" size="inline" onClick={() => void refetch()}>
                Try again
              </Button>
            </Alert>
          </>
        )}
        {discussion && data && (
          <>
            <div className="grid gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <FlagBadges sticky={discussion.isSticky} locked={discussion.isLocked} />
                <span className="text-xs text-muted-foreground">{discussion.category}</span>
              </div>
              <DialogTitle>{discussion.title}</DialogTitle>
              <DialogDescription>
                {discussion.author.displayName} · {relativeTime(discussion.timestamp, now)} ·{' '}
                {discussion.replies} {discussion.replies === 1 ? 'reply' : 'replies'} ·{' '}
                {discussion.views} {discussion.views === 1 ? 'view' : 'views'}
              </DialogDescription>
            </div>
            <p className="text-sm whitespace-pre-wrap">{discussion.content}</p>
            <TagList tags={discussion.tags} />
            <DiscussionActions
              discussion={discussion}
              canManage={canManage}
              isAuthor={discussion.author.id === me}
              onDeleted={onClose}
            />
            <section aria-label="Replies" className="grid gap-3 border-t pt-3">
              {data.replies.length === 0 && (
                <p className="text-sm text-muted-foreground">No replies yet.</p>
              )}
              <RepliesList replies={data.replies} now={now} />
              {cursors.map((cursor) => (
                <MoreReplies key={cursor} discussionId={discussionId} cursor={cursor} now={now} />
              ))}
              <LoadMore
                usePage={useGetDiscussionThreadQuery}
                args={{ discussionId }}
                label="Load more replies"
                size="sm"
                cursor={cursors.at(-1)}
                first={data.nextCursor}
                onMore={(next) => setCursors((held) => [...held, next])}
              />
            </section>
            {isMember && <ReplyBox discussionId={discussion.id} locked={discussion.isLocked} />}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function RepliesList({
  replies,
  now,
}: {
  replies: readonly {
    id: string;
    author: { displayName: string };
    content: string;
    mentions: readonly Mention[];
    timestamp: string;
  }[];
  now: number;
}) {
  return (
    <ol className="grid gap-3">
      {replies.map((reply) => (
        <li key={reply.id} className="rounded-lg bg-muted/50 px-3 py-2">
          <p className="text-xs text-muted-foreground">
            <span className="font-medium text-foreground">{reply.author.displayName}</span> ·{' '}
            {relativeTime(reply.timestamp, now)}
          </p>
          <p className="text-sm whitespace-pre-wrap">
            <MentionText text={reply.content} mentions={reply.mentions} />
          </p>
        </li>
      ))}
    </ol>
  );
}

function MoreReplies({
  discussionId,
  cursor,
  now,
}: {
  discussionId: string;
  cursor: string;
  now: number;
}) {
  const { data } = useGetDiscussionThreadQuery({ discussionId, cursor });
  return data ? <RepliesList replies={data.replies} now={now} /> : null;
}
