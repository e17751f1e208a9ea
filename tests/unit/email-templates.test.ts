import { passwordResetTemplate, renderTemplate } from '../../server/domains/email/templates';

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
