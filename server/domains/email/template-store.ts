import type { Selectable } from 'kysely';
import {
  unknownPlaceholders,
  type EmailTemplateView,
  type UpdateTemplateRequest,
} from '../../../shared/ops/email';
import type { Db } from '../../db/schema';
import type { EmailTemplatesTable } from '../../db/tables/email-templates';
import { presentTemplate } from './presenter';
import { defaultTemplates } from './templates';

export type StoredTemplate = Selectable<EmailTemplatesTable>;

export async function listTemplates(db: Db): Promise<EmailTemplateView[]> {
  const rows = await db.selectFrom('email_templates').selectAll().orderBy('position').execute();
  return rows.map(presentTemplate);
}

const FIELD_LABELS = {
  subject: 'Subject',
  htmlTemplate: 'HTML template',
  textTemplate: 'Text template',
} as const;

export const AUTH_TEMPLATE_ALWAYS_ON =
  'Account emails (verification and password reset) cannot be turned off.';

/** Field errors of an edit: placeholders outside the template's variables, an auth switch-off. */
export function templateEditErrors(
  template: Pick<StoredTemplate, 'variables' | 'category'>,
  edit: UpdateTemplateRequest,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const field of ['subject', 'htmlTemplate', 'textTemplate'] as const) {
    const unknown = unknownPlaceholders(edit[field], template.variables);
    if (unknown.length > 0) {
      fields[field] =
        `${FIELD_LABELS[field]} uses ${unknown.map((n) => `{{${n}}}`).join(', ')}; ` +
        `available: ${template.variables.map((n) => `{{${n}}}`).join(', ')}`;
    }
  }
  // Members who lose their password or must confirm their address depend on these emails.
  if (template.category === 'auth' && !edit.isActive) fields.isActive = AUTH_TEMPLATE_ALWAYS_ON;
  return fields;
}

/**
 * Adds the built-in templates that are missing, at every start. Operators' edits are kept (an
 * existing name is left alone), and a template added to the code reaches existing databases
 * without a migration that depends on code.
 */
export async function seedDefaultTemplates(db: Db): Promise<void> {
  await db
    .insertInto('email_templates')
    .values(
      defaultTemplates.map((template, position) => ({
        name: template.name,
        subject: template.subject,
        html_template: template.htmlTemplate,
        text_template: template.textTemplate,
        variables: [...template.variables],
        category: template.category,
        position,
      })),
    )
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
