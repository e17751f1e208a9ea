/**
 * Built-in email templates (spec 002 §3). `{{name}}` placeholders are filled from the template's
 * variables; values are HTML-escaped in the HTML part.
 */
export interface EmailTemplate {
  name: string;
  subject: string;
  htmlTemplate: string;
  textTemplate: string;
  variables: readonly string[];
  category: 'auth' | 'social' | 'system' | 'marketing';
}

export const passwordResetTemplate: EmailTemplate = {
  name: 'Password Reset',
  subject: 'Reset your Agora password',
  htmlTemplate:
    '<p>Someone asked to reset the password of the Agora account for {{email}}.</p>' +
    '<p><a href="{{resetUrl}}">Choose a new password</a>. The link works once and expires in 1 hour.</p>' +
    '<p>If it was not you, ignore this email: your password stays as it is.</p>',
  textTemplate:
    'Someone asked to reset the password of the Agora account for {{email}}.\n\n' +
    'Choose a new password: {{resetUrl}}\nThe link works once and expires in 1 hour.\n\n' +
    'If it was not you, ignore this email: your password stays as it is.',
  variables: ['resetUrl', 'email'],
  category: 'auth',
};

export const friendRequestTemplate: EmailTemplate = {
  name: 'Friend Request',
  subject: '{{senderName}} sent you a friend request on Agora',
  htmlTemplate:
    '<p>{{senderName}} would like to be your friend on Agora.</p>' +
    '<p><a href="{{profileUrl}}">See their profile</a> to accept or decline the request.</p>',
  textTemplate:
    '{{senderName}} would like to be your friend on Agora.\n\n' +
    'See their profile to accept or decline the request: {{profileUrl}}',
  variables: ['senderName', 'profileUrl'],
  category: 'social',
};

export const friendRequestAcceptedTemplate: EmailTemplate = {
  name: 'Friend Request Accepted',
  subject: '{{accepterName}} accepted your friend request on Agora',
  htmlTemplate:
    '<p>{{accepterName}} accepted your friend request: you are now friends on Agora.</p>' +
    '<p><a href="{{profileUrl}}">Visit their profile</a>.</p>',
  textTemplate:
    '{{accepterName}} accepted your friend request: you are now friends on Agora.\n\n' +
    'Visit their profile: {{profileUrl}}',
  variables: ['accepterName', 'profileUrl'],
  category: 'social',
};

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function fill(template: string, data: Record<string, string>, escape: boolean): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
    const value = data[name] ?? '';
    return escape ? value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c) : value;
  });
}

export function renderTemplate(template: EmailTemplate, data: Record<string, string>) {
  const missing = template.variables.filter((name) => data[name] === undefined);
  if (missing.length > 0) {
    throw new Error(`Template ${template.name} is missing ${missing.join(', ')}`);
  }
  return {
    subject: fill(template.subject, data, false),
    html: fill(template.htmlTemplate, data, true),
    text: fill(template.textTemplate, data, false),
  };
}
