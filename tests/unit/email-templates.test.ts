import { placeholdersOf, unknownPlaceholders } from '../../shared/ops/email';
import {
  defaultTemplates,
  missingVariables,
  newsletterTemplate,
  passwordResetTemplate,
  renderTemplate,
} from '../../server/domains/email/templates';

describe('email templates', () => {
  it('fills the Password Reset template and escapes HTML', () => {
    const out = renderTemplate(passwordResetTemplate, {
      resetUrl: 'http://localhost:8080/reset-password?token=abc&x=1',
      email: '<ana>@example.com',
    });
    expect(out.text).toContain('http://localhost:8080/reset-password?token=abc&x=1');
    expect(out.html).toContain('token=abc&amp;x=1');
    expect(out.html).toContain('&lt;ana&gt;@example.com');
    expect(out.html).not.toContain('<ana>');
  });

  it('refuses to render without its variables', () => {
    expect(() => renderTemplate(passwordResetTemplate, { email: 'a@b.co' })).toThrow(/resetUrl/);
  });
});

describe('the built-in templates', () => {
  it('use only their own variables, and every variable is used', () => {
    for (const template of defaultTemplates) {
      const used = new Set(
        [template.subject, template.htmlTemplate, template.textTemplate].flatMap(placeholdersOf),
      );
      expect([...used].sort()).toEqual([...template.variables].sort());
    }
  });

  it('keep a value with a line break on one subject line', () => {
    const out = renderTemplate(newsletterTemplate, {
      newsletterTitle: 'News\r\nBcc: someone@example.com',
      newsletterContent: 'c',
      unsubscribeUrl: 'u',
    });
    expect(out.subject).toBe('News Bcc: someone@example.com');
  });

  it('names the placeholders a template does not define', () => {
    expect(unknownPlaceholders('Hi {{ senderName }}, {{x}} {{x}}', ['senderName'])).toEqual(['x']);
    expect(missingVariables(newsletterTemplate, { newsletterTitle: 't' })).toEqual([
      'newsletterContent',
      'unsubscribeUrl',
    ]);
  });
});
