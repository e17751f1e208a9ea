import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { z } from 'zod';
import type {
  EmailQueueView,
  QueuedEmail,
  sendEmailSchema,
  UpdateTemplateRequest,
} from '../../../shared/ops/email';
import { profileMessages } from '../../../shared/profiles';
import { defineCommand } from '../../core/command';
import { invalid, invalidField, notFound } from '../../core/errors';
import { first, mapRead, value } from '../../core/reads';
import type { Db } from '../../db/schema';
import { qb, statement } from '../../db/statement';
import { settingAllows } from '../settings/settings-read';
import { queueEmail, templateRead } from './outbox';
import { presentQueuedEmail, presentTemplate, QUEUED_EMAIL_COLUMNS } from './presenter';
import { readQueueStats } from './queue-stats';
import { templateEditErrors } from './template-store';
import { missingVariables } from './templates';

const RECENT_LIMIT = 50;

const refused = (field: string, message: string) => invalidField(field, 'validation', message);

/** Whether the address belongs to a member who has not agreed to marketing emails (002 §3). */
const marketingDeclinedRead = (recipient: string) =>
  value(sql<boolean>`exists (select 1 from users u
    where lower(u.email) = ${recipient.toLowerCase()}
      and not ${settingAllows(sql`u.id`, 'marketing')})`);

/**
 * An operator's send: refused (nothing written) for an unknown or inactive template, bad data,
 * or a marketing email to a member whose marketing switch is off.
 */
export const sendEmail = defineCommand({
  name: 'email.send',
  load: (input: z.output<typeof sendEmailSchema>) => ({
    template: templateRead(input.template),
    marketingDeclined: marketingDeclinedRead(input.recipient),
  }),
  decide({ template, marketingDeclined }, input) {
    if (!template) throw refused('template', `No email template named "${input.template}"`);
    if (!template.is_active) {
      throw refused('template', `The template "${template.name}" is inactive.`);
    }
    if (template.category === 'marketing' && marketingDeclined) {
      throw refused('recipient', profileMessages.marketingDeclined);
    }
    const missing = missingVariables(template, input.data);
    if (missing.length > 0) {
      throw refused('data', `Missing template variables: ${missing.join(', ')}`);
    }
    const unknown = Object.keys(input.data).filter((name) => !template.variables.includes(name));
    if (unknown.length > 0) {
      throw refused('data', `Unknown template variables: ${unknown.join(', ')}`);
    }
    const id = randomUUID();
    return {
      effects: queueEmail(template, input.recipient, input.data, input.priority, id),
      reply: mapRead(
        first(qb.selectFrom('email_outbox').select(QUEUED_EMAIL_COLUMNS).where('id', '=', id)),
        (row): QueuedEmail => presentQueuedEmail(row!),
      ),
    };
  },
});

const templateNotFound = (name: string) => notFound(`No email template named "${name}"`);

/** Saves an operator's edit of one template; a refused edit writes nothing. */
export const updateTemplate = defineCommand({
  name: 'email.updateTemplate',
  load: ({ name }: { name: string; edit: UpdateTemplateRequest }) => ({
    template: templateRead(name),
  }),
  decide({ template }, { name, edit }) {
    if (!template) throw templateNotFound(name);
    const fields = templateEditErrors(template, edit);
    const firstProblem = Object.values(fields)[0];
    if (firstProblem) throw invalid('validation', firstProblem, fields);
    return {
      effects: [
        statement(
          qb
            .updateTable('email_templates')
            .set({
              subject: edit.subject,
              html_template: edit.htmlTemplate,
              text_template: edit.textTemplate,
              is_active: edit.isActive,
              updated_at: new Date(),
            })
            .where('name', '=', name),
        ),
      ],
      reply: mapRead(
        first(qb.selectFrom('email_templates').selectAll().where('name', '=', name)),
        (row) => presentTemplate(row!),
      ),
    };
  },
});

/** Counts and the newest emails, read in one snapshot so they agree with the version. */
export async function queueView(db: Db): Promise<EmailQueueView> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const stats = await readQueueStats(trx);
      const rows = await trx
        .selectFrom('email_outbox')
        .select(QUEUED_EMAIL_COLUMNS)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(RECENT_LIMIT)
        .execute();
      return { ...stats, recent: rows.map(presentQueuedEmail) };
    });
}
