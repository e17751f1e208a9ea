import { Link } from 'react-router-dom';
import {
  moderationActionSchema,
  REPORT_REASON_LABELS,
  type ModerationAction,
  type ModerationItem,
} from '../../../shared/moderation';
import { Button } from '../../components/ui/button';
import { formatFullDate } from '../../lib/dateFormat';
import { relativeTime } from '../../lib/relativeTime';
import { ACTION_TEXT } from './actionText';

const STATE_LABEL = { visible: 'Visible', hidden: 'Hidden', removed: 'Removed' } as const;

export interface QueueItemCardProps {
  item: ModerationItem;
  now: number;
  onAction(item: ModerationItem, action: ModerationAction): void;
}

/** One reported post or comment: its content, author, state, every report and the actions. */
export function QueueItemCard({ item, now, onAction }: QueueItemCardProps) {
  const headingId = `moderation-item-${item.targetId}`;
  const gone = item.moderationState === null;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs"
        data-testid="moderation-item"
        data-target-id={item.targetId}
      >
        <header className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={headingId} className="font-semibold break-words">
            {item.targetType === 'post' ? 'Post' : 'Comment'} by {item.author.displayName}
            {item.author.username && (
              <span className="ml-1 text-sm font-normal text-muted-foreground">
                @{item.author.username}
              </span>
            )}
          </h2>
          <p className="text-sm text-muted-foreground">
            <span data-testid="moderation-item-state">
              {item.moderationState === null ? 'Deleted' : STATE_LABEL[item.moderationState]}
            </span>
            {' · '}
            {item.reportCount} {item.reportCount === 1 ? 'report' : 'reports'}
            {' · '}
            <time dateTime={item.lastReportedAt} title={formatFullDate(item.lastReportedAt)}>
              {relativeTime(item.lastReportedAt, now)}
            </time>
          </p>
        </header>
        {item.title && item.targetType === 'post' && <p className="font-medium">{item.title}</p>}
        {item.targetType === 'comment' && item.title && (
          <p className="text-sm text-muted-foreground">On the post “{item.title}”</p>
        )}
        <blockquote className="rounded-lg bg-muted/60 px-3 py-2 text-sm break-words whitespace-pre-wrap">
          {gone ? 'This content was deleted.' : item.excerpt}
        </blockquote>
        {item.moderationReason && (
          <p className="text-sm">
            <span className="font-medium">Moderator&apos;s reason:</span> {item.moderationReason}
          </p>
        )}
        <details>
          <summary className="cursor-pointer text-sm font-medium">
            Reports (
            {Object.entries(item.reasonCounts)
              .map(
                ([reason, count]) =>
                  `${REPORT_REASON_LABELS[reason as keyof typeof REPORT_REASON_LABELS] ?? reason} ${count}`,
              )
              .join(', ')}
            )
          </summary>
          <ul className="mt-2 grid gap-2" aria-label="Reports">
            {item.reports.map((report) => (
              <li key={report.id} className="text-sm" data-testid="moderation-report">
                <span className="font-medium">{report.reporter.displayName}</span>:{' '}
                {REPORT_REASON_LABELS[report.reason]}
                {report.note && (
                  <span className="text-muted-foreground"> — {report.note}</span>
                )}{' '}
                <time
                  dateTime={report.createdAt}
                  title={formatFullDate(report.createdAt)}
                  className="text-xs text-muted-foreground"
                >
                  {relativeTime(report.createdAt, now)}
                </time>
              </li>
            ))}
          </ul>
        </details>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Moderation actions">
          {!gone && (
            <Button asChild variant="link" size="sm">
              <Link to={`/post/${item.postId}`}>Open the post</Link>
            </Button>
          )}
          {moderationActionSchema.options.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'remove' || action === 'suspend' ? 'destructive' : 'outline'}
              disabled={gone && action !== 'warn' && action !== 'suspend'}
              onClick={() => onAction(item, action)}
              data-testid={`moderation-${action}`}
            >
              {ACTION_TEXT[action].label}
            </Button>
          ))}
        </div>
      </article>
    </li>
  );
}
