import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { EmailPriority } from '../../../shared/ops/email';
import type { Trx } from '../../db/schema';
import { publishQueueStats } from './queue-stats';
import { findTemplate, type StoredTemplate } from './template-store';
import { renderTemplate, type EmailTemplate } from './templates';

/** Queued emails wake the workers of every process on this channel, at commit. */
export const EMAIL_WAKE_CHANNEL = 'agora_email';

/** Renders the stored template into a new outbox row of `trx`, then wakes the workers. */
export async function queueRendered(
  trx: Trx,
  template: StoredTemplate,
  recipient: string,
  data: Record<string, string>,
  priority: EmailPriority,
): Promise<string> {
  const id = randomUUID();
  const rendered = renderTemplate(
    {
      name: template.name,
      subject: template.subject,
      htmlTemplate: template.html_template,
      textTemplate: template.text_template,
      variables: template.variables,
    },
    data,
  );
  await trx
    .insertInto('email_outbox')
    .values({
      id,
      template: template.name,
      recipient,
      subject: rendered.subject,
      html_body: rendered.html,
      text_body: rendered.text,
      data: JSON.stringify(data),
      priority,
      last_error: null,
      sent_at: null,
    })
    .execute();
  await sql`select pg_notify(${EMAIL_WAKE_CHANNEL}, '')`.execute(trx);
  await publishQueueStats(trx);
  return id;
}

/**
 * Queues an email in the same transaction as the change that causes it, so a rolled-back command
 * sends nothing and a committed one is never without its email. It is rendered from the stored
 * template as operators last edited it. A template an operator turned off is not queued (null);
 * account emails (category auth) cannot be turned off, so resets and verifications always go.
 */
export async function enqueueEmail(
  trx: Trx,
  template: Pick<EmailTemplate, 'name'>,
  recipient: string,
  data: Record<string, string>,
  priority: EmailPriority = 'normal',
): Promise<string | null> {
  const stored = await findTemplate(trx, template.name);
  if (!stored) throw new Error(`Email template ${template.name} is not in email_templates`);
  if (!stored.is_active) return null;
  return queueRendered(trx, stored, recipient, data, priority);
}
