import type { z } from 'zod';
import type { EmailQueueView, QueuedEmail, sendEmailSchema } from '../../../shared/ops/email';
import type { Db } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { queueRendered } from './outbox';
import { presentQueuedEmail, QUEUED_EMAIL_COLUMNS } from './presenter';
import { readQueueStats } from './queue-stats';
import { findTemplate } from './template-store';
import { missingVariables } from './templates';

const RECENT_LIMIT = 50;

function refused(field: string, message: string): HttpError {
  return new HttpError(400, 'validation', message, { [field]: message });
}

/** An operator's send: refused (nothing written) for an unknown or inactive template or bad data. */
export async function sendEmail(
  db: Db,
  input: z.output<typeof sendEmailSchema>,
): Promise<QueuedEmail> {
  return db.transaction().execute(async (trx) => {
    const template = await findTemplate(trx, input.template);
    if (!template) throw refused('template', `No email template named "${input.template}"`);
    if (!template.is_active) {
      throw refused('template', `The template "${template.name}" is inactive.`);
    }
    const missing = missingVariables(template, input.data);
    if (missing.length > 0) {
      throw refused('data', `Missing template variables: ${missing.join(', ')}`);
    }
    const unknown = Object.keys(input.data).filter((name) => !template.variables.includes(name));
    if (unknown.length > 0) {
      throw refused('data', `Unknown template variables: ${unknown.join(', ')}`);
    }
    const id = await queueRendered(trx, template, input.recipient, input.data, input.priority);
    const row = await trx
      .selectFrom('email_outbox')
      .select(QUEUED_EMAIL_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return presentQueuedEmail(row);
  });
}

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
