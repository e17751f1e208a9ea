import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { EmailPriority } from '../../../shared/ops/email';
import { OPS_EVENTS } from '../../../shared/ops/realtime';
import { first, type Read } from '../../core/reads';
import { qb, statement, type Statement } from '../../db/statement';
import { OPS_CHANNEL } from '../../realtime/ops-channel';
import type { StoredTemplate } from './template-store';
import { renderTemplate } from './templates';

/** Queued emails wake the workers of every process on this channel, at commit. */
export const EMAIL_WAKE_CHANNEL = 'agora_email';

/** A command reads the template it will queue with the rest of what it decides on. */
export function templateRead(name: string): Read<StoredTemplate | undefined> {
  return first(qb.selectFrom('email_templates').selectAll().where('name', '=', name));
}

/**
 * Pushes the queue's counts to every operator. In a transaction that changed the queue, the
 * triggers that keep `email_queue_stats` hold its row's lock until commit, so what this statement
 * reads is exactly what the commit leaves; sent after commits, it reads at least what they wrote.
 * Either way the counts are absolute and versioned, and clients keep the newest. `progress` is
 * `queueProgress` of shared/ops/email.ts, computed here in the same double arithmetic.
 */
export function publishQueueStatsStatement(): Statement {
  return statement(sql`
    select pg_notify(${OPS_CHANNEL}, json_build_object('event', ${OPS_EVENTS.queue}::text,
      'payload', json_build_object(
        'pending', pending, 'processing', processing, 'sent', sent, 'failed', failed,
        'total', pending + processing + sent + failed,
        'progress', case when pending + processing + sent + failed = 0 then 100
          else (sent + failed)::float8 / (pending + processing + sent + failed) * 100 end,
        'version', version))::text)
    from email_queue_stats where id = 1`);
}

/**
 * The statements that queue an email in the same transaction as the change that causes it, so a
 * refused command sends nothing and a committed one is never without its email. It is rendered
 * from the stored template as operators last edited it; a template an operator turned off queues
 * nothing (account emails cannot be turned off, so resets and verifications always go). The
 * workers' wake-up and the operators' counts go after the commit: a NOTIFY in the transaction
 * would serialise it with every other committing one (a storm of likes each queues an email).
 */
export function queueEmail(
  template: StoredTemplate | undefined,
  recipient: string,
  data: Record<string, string>,
  priority: EmailPriority = 'normal',
  id: string = randomUUID(),
): Statement[] {
  if (!template) throw new Error('The email template is not in email_templates');
  if (!template.is_active) return [];
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
  return [
    statement(
      qb.insertInto('email_outbox').values({
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
      }),
    ),
    { ...statement(sql`select pg_notify(${EMAIL_WAKE_CHANNEL}, '')`), afterCommit: true },
    { ...publishQueueStatsStatement(), afterCommit: true },
  ];
}
