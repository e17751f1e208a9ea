import { profileMessages } from '../../shared/profiles';
import { sendEmail, updateTemplate } from '../../server/domains/email/commands';
import { AUTH_TEMPLATE_ALWAYS_ON } from '../../server/domains/email/template-store';
import {
  emailVerificationTemplate,
  maintenanceNoticeTemplate,
  newsletterTemplate,
} from '../../server/domains/email/templates';
import { ANA, by, decide, refusal, refusedAs, storedTemplate } from './support/decide';

const maintenance = storedTemplate(maintenanceNoticeTemplate);
const data = { maintenanceWindow: 'Sunday 2-4 UTC', statusUrl: 'http://status' };
const send = (over: Partial<{ template: string; data: Record<string, string> }> = {}) => ({
  recipient: 'ana@example.com',
  template: 'Maintenance Notice',
  data,
  priority: 'normal' as const,
  ...over,
});
/** A refusal of one field, with the message under that field too. */
const refusedField = (field: string, message: string) =>
  refusedAs.invalid('validation', message, { [field]: message });

describe("an operator's send", () => {
  it('refuses a template that does not exist', async () => {
    const refused = await refusal(
      sendEmail,
      { template: undefined, marketingDeclined: false },
      send({ template: 'Nope' }),
    );
    expect(refused).toEqual(refusedField('template', 'No email template named "Nope"'));
  });

  it('refuses an inactive template', async () => {
    const refused = await refusal(
      sendEmail,
      { template: storedTemplate(maintenanceNoticeTemplate, false), marketingDeclined: false },
      send(),
    );
    expect(refused).toEqual(
      refusedField('template', 'The template "Maintenance Notice" is inactive.'),
    );
  });

  it('refuses data missing a variable, then data with one the template does not have', async () => {
    const missing = await refusal(
      sendEmail,
      { template: maintenance, marketingDeclined: false },
      send({ data: { maintenanceWindow: 'Sunday' } }),
    );
    expect(missing).toEqual(refusedField('data', 'Missing template variables: statusUrl'));
    const unknown = await refusal(
      sendEmail,
      { template: maintenance, marketingDeclined: false },
      send({ data: { ...data, extra: 'x' } }),
    );
    expect(unknown).toEqual(refusedField('data', 'Unknown template variables: extra'));
  });

  it('refuses a marketing email to a member who has not agreed to them, and only that', async () => {
    const newsletterData = {
      newsletterTitle: 'T',
      newsletterContent: 'C',
      unsubscribeUrl: 'http://u',
    };
    const newsletter = send({ template: 'Newsletter', data: newsletterData });
    const declined = await refusal(
      sendEmail,
      { template: storedTemplate(newsletterTemplate), marketingDeclined: true },
      newsletter,
    );
    expect(declined).toEqual(refusedField('recipient', profileMessages.marketingDeclined));
    const agreed = await decide(
      sendEmail,
      { template: storedTemplate(newsletterTemplate), marketingDeclined: false },
      newsletter,
      by(ANA),
    );
    expect(agreed).toMatchObject({ effects: 3 });
    const system = await decide(
      sendEmail,
      { template: maintenance, marketingDeclined: true },
      send(),
      by(ANA),
    );
    expect(system).toMatchObject({ effects: 3 });
  });

  it('queues the email and reads the queued row back, appending nothing', async () => {
    const decision = await decide(
      sendEmail,
      { template: maintenance, marketingDeclined: false },
      send(),
      by(ANA),
    );
    // The outbox row, the workers' wake-up and the operators' queue counts.
    expect(decision).toMatchObject({ appends: [], effects: 3, reply: true });
  });
});

describe("an operator's template edit", () => {
  const edit = {
    subject: 'Maintenance: {{maintenanceWindow}}',
    htmlTemplate: '<p>{{statusUrl}}</p>',
    textTemplate: '{{statusUrl}}',
    isActive: true,
  };

  it('answers not found for a template that does not exist', async () => {
    const refused = await refusal(updateTemplate, { template: undefined }, { name: 'Nope', edit });
    expect(refused).toEqual(refusedAs.notFound('No email template named "Nope"'));
  });

  it('refuses switching off an account email', async () => {
    const refused = await refusal(
      updateTemplate,
      { template: storedTemplate(emailVerificationTemplate) },
      {
        name: emailVerificationTemplate.name,
        edit: {
          subject: 'Verify',
          htmlTemplate: '{{verificationUrl}}',
          textTemplate: '{{verificationUrl}}',
          isActive: false,
        },
      },
    );
    expect(refused).toEqual(refusedField('isActive', AUTH_TEMPLATE_ALWAYS_ON));
  });

  it('refuses a placeholder the template has no variable for', async () => {
    const refused = await refusal(
      updateTemplate,
      { template: maintenance },
      { name: maintenance.name, edit: { ...edit, subject: 'Hi {{name}}' } },
    );
    expect(refused).toMatchObject({ kind: 'invalid', code: 'validation' });
    expect(refused.fields?.subject).toMatch(/\{\{name\}\}/);
  });

  it('saves a valid edit and reads the template back', async () => {
    const decision = await decide(
      updateTemplate,
      { template: maintenance },
      { name: maintenance.name, edit },
    );
    expect(decision).toMatchObject({ appends: [], effects: 1, reply: true });
  });
});
