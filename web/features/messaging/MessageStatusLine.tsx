import { Check, CheckCheck } from 'lucide-react';
import type { MessageStatus } from '../../../shared/social';
import { cn } from '../../lib/cn';
import { STATUS_LABELS } from './messageFormat';

/** The ticks: one for sent, two for delivered, two in the accent colour for read. */
export function StatusIcon({ status, className }: { status: MessageStatus; className?: string }) {
  const Icon = status === 'sent' ? Check : CheckCheck;
  return (
    <Icon
      role="img"
      aria-label={STATUS_LABELS[status]}
      className={cn('size-3.5', status === 'read' && 'text-primary', className)}
    />
  );
}

/** Under the viewer's latest message: how far the contact got, in words and ticks. */
export function MessageStatusLine({ status }: { status: MessageStatus }) {
  return (
    <p
      role="status"
      data-testid="message-status"
      data-status={status}
      className="mt-1 flex items-center gap-1 text-xs text-muted-foreground"
    >
      <StatusIcon status={status} className="size-3.5" />
      <span>{STATUS_LABELS[status]}</span>
    </p>
  );
}
