import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import type { AuditEntry } from '../../../shared/moderation';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { Button } from '../../components/ui/button';
import { relativeTime } from '../../lib/relativeTime';
import { useNow } from '../../lib/useNow';
import { formatFullDate } from '../../lib/dateFormat';
import { AUDIT_ACTION_LABEL } from './actionText';
import { useGetModerationAuditQuery, useReinstateMemberMutation } from './moderationApi';
import { toast } from 'sonner';

function targetText(entry: AuditEntry): string {
  if (entry.targetType === 'member') return entry.member.displayName;
  return `${entry.member.displayName}'s ${entry.targetType}`;
}

function AuditRow({ entry, now }: { entry: AuditEntry; now: number }) {
  const [reinstate, lifting] = useReinstateMemberMutation();
  const lift = async () => {
    if (!entry.member.id) return;
    const answer = await reinstate(entry.member.id);
    if ('error' in answer) toast.error('The suspension could not be lifted. Please try again.');
    else toast.success('Suspension lifted');
  };
  return (
    <li className="grid gap-1 rounded-lg border p-3 text-sm" data-testid="audit-entry">
      <p>
        <span className="font-medium">{entry.moderator.displayName}</span>{' '}
        {AUDIT_ACTION_LABEL[entry.action]} <span className="font-medium">{targetText(entry)}</span>
        {entry.action === 'suspend' && (
          <> until {entry.until ? formatFullDate(entry.until) : 'lifted'}</>
        )}
      </p>
      <p className="text-muted-foreground">{entry.reason}</p>
      <div className="flex items-center justify-between gap-2">
        <time
          dateTime={entry.createdAt}
          title={formatFullDate(entry.createdAt)}
          className="text-xs text-muted-foreground"
        >
          {relativeTime(entry.createdAt, now)}
        </time>
        {entry.action === 'suspend' && entry.member.id && (
          <Button
            size="sm"
            variant="outline"
            disabled={lifting.isLoading}
            onClick={() => void lift()}
          >
            Lift suspension
          </Button>
        )}
      </div>
    </li>
  );
}

function AuditPageList({ cursor }: { cursor?: string }) {
  const { data, isLoading, isError, refetch } = useGetModerationAuditQuery(cursor);
  const [more, setMore] = useState(false);
  const now = useNow();
  if (isLoading) return <LoadingState label="Loading the audit log…" />;
  if (isError || !data) {
    return (
      <ErrorState
        title="The audit log could not be loaded"
        message="Check your connection and try again."
        onRetry={() => void refetch()}
      />
    );
  }
  if (!cursor && data.entries.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-16 text-center text-muted-foreground">
        <ScrollText className="size-8" aria-hidden />
        <p>No moderator has acted yet.</p>
      </div>
    );
  }
  return (
    <>
      <ul className="grid gap-2" aria-label="Moderator actions">
        {data.entries.map((entry) => (
          <AuditRow key={entry.id} entry={entry} now={now} />
        ))}
      </ul>
      {data.nextCursor &&
        (more ? (
          <AuditPageList cursor={data.nextCursor} />
        ) : (
          <Button variant="outline" className="mt-4 self-center" onClick={() => setMore(true)}>
            Load more
          </Button>
        ))}
    </>
  );
}

/** Every moderator action, newest first, live. */
export function AuditPanel() {
  return (
    <div className="flex flex-col">
      <AuditPageList />
    </div>
  );
}
