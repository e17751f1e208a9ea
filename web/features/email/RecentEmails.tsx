import type { CapturedEmail, EmailStatus, QueuedEmail } from '../../../shared/ops/email';
import { cn } from '../../lib/cn';
import { TableScroll } from '../../components/ui/table-scroll';

const STATUS_STYLES: Record<EmailStatus, string> = {
  pending: 'bg-amber-500/15 text-amber-700',
  processing: 'bg-sky-500/15 text-sky-700',
  sent: 'bg-emerald-500/15 text-emerald-700',
  failed: 'bg-destructive/15 text-destructive',
};

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' });

export function formatEmailDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function RecentEmails({ emails }: { emails: QueuedEmail[] }) {
  if (emails.length === 0) {
    return <p className="py-8 text-center text-sm text-muted-foreground">No emails queued yet.</p>;
  }
  return (
    <TableScroll label="Recent emails" className="rounded-lg border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Recent emails, newest first</caption>
        <thead className="bg-muted/50 text-xs text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              Recipient
            </th>
            <th scope="col" className="px-3 py-2">
              Template
            </th>
            <th scope="col" className="px-3 py-2">
              Priority
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            <th scope="col" className="px-3 py-2">
              Attempts
            </th>
            <th scope="col" className="px-3 py-2">
              Queued
            </th>
            <th scope="col" className="px-3 py-2">
              Last error
            </th>
          </tr>
        </thead>
        <tbody>
          {emails.map((email) => (
            <tr key={email.id} className="border-t" data-testid="email-row">
              <td className="px-3 py-2 break-all">{email.recipient}</td>
              <td className="px-3 py-2">{email.template}</td>
              <td className="px-3 py-2 capitalize">{email.priority}</td>
              <td className="px-3 py-2">
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-medium capitalize',
                    STATUS_STYLES[email.status],
                  )}
                >
                  {email.status}
                </span>
              </td>
              <td className="px-3 py-2 tabular-nums">{email.attempts}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatEmailDate(email.createdAt)}</td>
              <td className="max-w-xs px-3 py-2 text-destructive">{email.lastError ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** What the embedded default "sent" without an SMTP server. */
export function CapturedEmails({ emails }: { emails: CapturedEmail[] }) {
  if (emails.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">
        No emails delivered to the local capture yet.
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-2">
      {emails.map((email) => (
        <li key={email.id} className="rounded-lg border">
          <details>
            <summary className="cursor-pointer px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring">
              <span className="font-medium">{email.subject}</span>
              <span className="text-muted-foreground">
                {' '}
                to {email.to} · {formatEmailDate(email.capturedAt)}
              </span>
            </summary>
            <pre className="overflow-x-auto border-t px-3 py-2 text-xs whitespace-pre-wrap">
              {email.text}
            </pre>
          </details>
        </li>
      ))}
    </ul>
  );
}
