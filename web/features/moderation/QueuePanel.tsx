import { Inbox } from 'lucide-react';
import { useState } from 'react';
import type { ModerationAction, ModerationItem, QueueStatus } from '../../../shared/moderation';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { Button } from '../../components/ui/button';
import { useNow } from '../../lib/useNow';
import { ActionDialog, type ActionTarget } from './ActionDialog';
import { useGetModerationQueueQuery } from './moderationApi';
import { QueueItemCard } from './QueueItemCard';

interface Pending {
  target: ActionTarget;
  action: ModerationAction;
}

interface QueuePageProps {
  status: QueueStatus;
  cursor?: string;
  onAction(item: ModerationItem, action: ModerationAction): void;
}

/** One page of the queue; its last item offers the next page, which renders below it. */
function QueuePageList({ status, cursor, onAction }: QueuePageProps) {
  const { data, isLoading, isError, refetch } = useGetModerationQueueQuery({ status, cursor });
  const [more, setMore] = useState(false);
  const now = useNow();
  if (isLoading) return <LoadingState label="Loading the queue…" />;
  if (isError || !data) {
    return (
      <ErrorState
        title="The queue could not be loaded"
        message="Check your connection and try again."
        onRetry={() => void refetch()}
      />
    );
  }
  if (!cursor && data.items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-16 text-center text-muted-foreground">
        <Inbox className="size-8" aria-hidden />
        <p>
          {status === 'open'
            ? 'Nothing to review. New reports appear here live.'
            : 'No resolved reports yet.'}
        </p>
      </div>
    );
  }
  return (
    <>
      <ul
        className="grid gap-4"
        aria-label={status === 'open' ? 'Open reports' : 'Resolved reports'}
      >
        {data.items.map((item) => (
          <QueueItemCard key={item.targetId} item={item} now={now} onAction={onAction} />
        ))}
      </ul>
      {data.nextCursor &&
        (more ? (
          <QueuePageList status={status} cursor={data.nextCursor} onAction={onAction} />
        ) : (
          <Button variant="outline" className="mt-4 self-center" onClick={() => setMore(true)}>
            Load more
          </Button>
        ))}
    </>
  );
}

/** The queue, open or resolved, live; every action asks its reason in a dialog. */
export function QueuePanel() {
  const [status, setStatus] = useState<QueueStatus>('open');
  const [pending, setPending] = useState<Pending | null>(null);
  const onAction = (item: ModerationItem, action: ModerationAction) =>
    setPending({ target: { targetType: item.targetType, targetId: item.targetId }, action });
  return (
    <div className="grid gap-4">
      <div role="radiogroup" aria-label="Show" className="flex gap-2">
        {(['open', 'resolved'] as const).map((value) => (
          <Button
            key={value}
            role="radio"
            aria-checked={status === value}
            variant={status === value ? 'default' : 'outline'}
            size="sm"
            onClick={() => setStatus(value)}
            data-testid={`moderation-filter-${value}`}
          >
            {value === 'open' ? 'Open' : 'Resolved'}
          </Button>
        ))}
      </div>
      <div className="flex flex-col">
        <QueuePageList key={status} status={status} onAction={onAction} />
      </div>
      {pending && (
        <ActionDialog
          target={pending.target}
          action={pending.action}
          onClose={() => setPending(null)}
        />
      )}
    </div>
  );
}
