import type { Selectable } from 'kysely';
import type { CapturedEmail, EmailTemplateView, QueuedEmail } from '../../../shared/ops/email';
import type { EmailCapturedTable } from '../../db/tables/email-captured';
import type { EmailOutboxTable } from '../../db/tables/email-outbox';
import type { EmailTemplatesTable } from '../../db/tables/email-templates';

type OutboxRow = Pick<
  Selectable<EmailOutboxTable>,
  | 'id'
  | 'template'
  | 'recipient'
  | 'subject'
  | 'priority'
  | 'status'
  | 'attempts'
  | 'last_error'
  | 'created_at'
  | 'next_attempt_at'
  | 'sent_at'
>;

export const QUEUED_EMAIL_COLUMNS = [
  'id',
  'template',
  'recipient',
  'subject',
  'priority',
  'status',
  'attempts',
  'last_error',
  'created_at',
  'next_attempt_at',
  'sent_at',
] as const;

export function presentQueuedEmail(row: OutboxRow): QueuedEmail {
  return {
    id: row.id,
    template: row.template,
    recipient: row.recipient,
    subject: row.subject,
    priority: row.priority,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    nextAttemptAt: row.next_attempt_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
  };
}

export function presentTemplate(row: Selectable<EmailTemplatesTable>): EmailTemplateView {
  return {
    name: row.name,
    subject: row.subject,
    htmlTemplate: row.html_template,
    textTemplate: row.text_template,
    variables: row.variables,
    category: row.category,
    isActive: row.is_active,
    updatedAt: row.updated_at.toISOString(),
  };
}

export function presentCaptured(row: Selectable<EmailCapturedTable>): CapturedEmail {
  return {
    id: row.id,
    from: row.sender,
    to: row.recipient,
    subject: row.subject,
    html: row.html_body,
    text: row.text_body,
    template: row.template,
    capturedAt: row.captured_at.toISOString(),
  };
}
