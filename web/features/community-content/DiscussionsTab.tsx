import { Eye, MessageSquare, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Discussion } from '../../../shared/community-content';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { errorDetail } from '../../lib/errorDetail';
import { relativeTime } from '../../lib/relativeTime';
import { useNow } from '../../lib/useNow';
import type { HubSectionProps } from '../../components/hubSection';
import { useLiveFeature } from '../connection';
import { useGetDiscussionsQuery } from './communityContentApi';
import { FlagBadges, TagList } from './ContentBadges';
import { DiscussionThreadDialog } from './DiscussionThreadDialog';
import { LoadMore } from './LoadMore';
import { StartDiscussionDialog } from './StartDiscussionDialog';

/** One row of the list: opens the thread. */
export function DiscussionRow({
  discussion,
  now,
  onOpen,
}: {
  discussion: Discussion;
  now: number;
  onOpen: (id: string) => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(discussion.id)}
        className="grid w-full gap-1.5 rounded-lg border bg-card px-4 py-3 text-left transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span className="flex flex-wrap items-center gap-2">
          <FlagBadges sticky={discussion.isSticky} locked={discussion.isLocked} />
          <span className="font-medium">{discussion.title}</span>
        </span>
        <span className="text-xs text-muted-foreground">
          {discussion.author.displayName} · {relativeTime(discussion.timestamp, now)} ·{' '}
          {discussion.category}
        </span>
        <TagList tags={discussion.tags} />
        <span className="flex flex-wrap items-center gap-4 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <MessageSquare className="size-3.5" aria-hidden />
            {discussion.replies} {discussion.replies === 1 ? 'reply' : 'replies'}
          </span>
          <span className="inline-flex items-center gap-1">
            <Eye className="size-3.5" aria-hidden />
            {discussion.views} {discussion.views === 1 ? 'view' : 'views'}
          </span>
          {discussion.lastReply && (
            <span>
              Last reply by {discussion.lastReply.author.displayName}{' '}
              {relativeTime(discussion.lastReply.timestamp, now).toLowerCase()}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}

/** A page after the first, loaded on demand. */
function MoreDiscussions({
  communityId,
  cursor,
  now,
  onOpen,
}: {
  communityId: string;
  cursor: string;
  now: number;
  onOpen: (id: string) => void;
}) {
  const { data } = useGetDiscussionsQuery({ communityId, cursor });
  return (
    <>
      {data?.discussions.map((d) => (
        <DiscussionRow key={d.id} discussion={d} now={now} onOpen={onOpen} />
      ))}
    </>
  );
}

/** The hub's discussions tab: the list, Start Discussion, and a discussion opened over it. */
export function DiscussionsTab({ communityId, isMember, canManage }: HubSectionProps) {
  useLiveFeature('community-content');
  const { data, error, isLoading, refetch } = useGetDiscussionsQuery({ communityId });
  const [starting, setStarting] = useState(false);
  // A notification links the hub opened on one discussion (`&discussion=<id>`).
  const [params, setParams] = useSearchParams();
  const [openId, setOpenId] = useState<string | null>(() => params.get('discussion'));
  const close = () => {
    setOpenId(null);
    if (params.has('discussion')) {
      setParams(
        (current) => {
          current.delete('discussion');
          return current;
        },
        { replace: true },
      );
    }
  };
  const [cursors, setCursors] = useState<string[]>([]);
  const now = useNow();

  return (
    <section aria-labelledby="discussions-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="discussions-heading" className="text-lg font-semibold">
          Discussions
        </h2>
        {isMember && (
          <Button onClick={() => setStarting(true)}>
            <Plus aria-hidden />
            Start Discussion
          </Button>
        )}
      </div>
      {isLoading && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner /> Loading discussions...
        </p>
      )}
      {error && (
        <Alert>
          {errorDetail(error) ?? 'Discussions could not be loaded.'}{' '}
          <Button variant="link" size="inline" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {data && data.discussions.length === 0 && (
        <Card>
          <CardContent className="py-8 text-center text-sm text-muted-foreground">
            No discussions yet.{isMember ? ' Start the first one.' : ''}
          </CardContent>
        </Card>
      )}
      {data && data.discussions.length > 0 && (
        <ul className="grid gap-2" aria-label="Discussions">
          {data.discussions.map((d) => (
            <DiscussionRow key={d.id} discussion={d} now={now} onOpen={setOpenId} />
          ))}
          {cursors.map((cursor) => (
            <MoreDiscussions
              key={cursor}
              communityId={communityId}
              cursor={cursor}
              now={now}
              onOpen={setOpenId}
            />
          ))}
        </ul>
      )}
      {data && (
        <LoadMore
          usePage={useGetDiscussionsQuery}
          args={{ communityId }}
          label="Load more discussions"
          cursor={cursors.at(-1)}
          first={data.nextCursor}
          onMore={(next) => setCursors((held) => [...held, next])}
        />
      )}
      <StartDiscussionDialog
        communityId={communityId}
        open={starting}
        onOpenChange={setStarting}
        onStarted={setOpenId}
      />
      {openId && (
        <DiscussionThreadDialog
          discussionId={openId}
          isMember={isMember}
          canManage={canManage}
          onClose={close}
        />
      )}
    </section>
  );
}
