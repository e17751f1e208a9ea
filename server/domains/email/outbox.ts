import { randomUUID } from 'node:crypto';
import type { Trx } from '../../db/schema';
import { renderTemplate, type EmailTemplate } from './templates';

/**
 * Queues an email in the same transaction as the change that causes it, so a rolled-back command
 * sends nothing and a committed one is never without its email.
 */
export async function enqueueEmail(
  trx: Trx,
  template: EmailTemplate,
  recipient: string,
  data: Record<string, string>,
  priority: 'low' | 'normal' | 'high' = 'normal',
): Promise<string> {
  const id = randomUUID();
  const rendered = renderTemplate(template, data);
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
  return id;
}
