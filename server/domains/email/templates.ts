import type { EmailCategory } from '../../../shared/ops/email';

/**
 * Built-in email templates (spec 002 §3). They seed the `email_templates` table, where operators
 * edit them; what is queued is rendered from the stored version. `{{name}}` placeholders are
 * filled from the template's variables; values are HTML-escaped in the HTML part.
 */
export interface EmailTemplate {
  name: string;
  subject: string;
  htmlTemplate: string;
  textTemplate: string;
  variables: readonly string[];
  category: EmailCategory;
}

export const emailVerificationTemplate: EmailTemplate = {
  name: 'Email Verification',
  subject: 'Confirm your email address for Agora',
  htmlTemplate:
    '<p>Welcome to Agora! Please confirm that {{email}} is your email address.</p>' +
    '<p><a href="{{verificationUrl}}">Verify my email address</a>. The link expires in 24 hours.</p>' +
    '<p>If you did not create an account, ignore this email.</p>',
  textTemplate:
    'Welcome to Agora! Please confirm that {{email}} is your email address.\n\n' +
    'Verify it here: {{verificationUrl}}\nThe link expires in 24 hours.\n\n' +
    'If you did not create an account, ignore this email.',
  variables: ['verificationUrl', 'email'],
  category: 'auth',
};

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

export const contentSharedTemplate: EmailTemplate = {
  name: 'Content Shared',
  subject: '{{sharerName}} shared "{{contentTitle}}" with you',
  htmlTemplate:
    '<p>{{sharerName}} shared <strong>{{contentTitle}}</strong> with you on Agora.</p>' +
    '<p><a href="{{contentUrl}}">Open it</a>.</p>',
  textTemplate:
    '{{sharerName}} shared "{{contentTitle}}" with you on Agora.\n\nOpen it: {{contentUrl}}',
  variables: ['sharerName', 'contentTitle', 'contentUrl'],
  category: 'social',
};

export const likeNotificationTemplate: EmailTemplate = {
  name: 'Like Notification',
  subject: '{{likerName}} liked your post "{{postTitle}}"',
  htmlTemplate:
    '<p>{{likerName}} liked your post <strong>{{postTitle}}</strong>.</p>' +
    '<p><a href="{{postUrl}}">See the post</a>.</p>',
  textTemplate: '{{likerName}} liked your post "{{postTitle}}".\n\nSee the post: {{postUrl}}',
  variables: ['likerName', 'postTitle', 'postUrl'],
  category: 'social',
};

export const securityAlertTemplate: EmailTemplate = {
  name: 'Security Alert',
  subject: 'Security alert for your Agora account',
  htmlTemplate:
    '<p>{{alertMessage}}</p>' +
    '<p>If this was not you, <a href="{{accountUrl}}">review your account</a> and change your password.</p>',
  textTemplate:
    '{{alertMessage}}\n\n' +
    'If this was not you, review your account and change your password: {{accountUrl}}',
  variables: ['alertMessage', 'accountUrl'],
  category: 'system',
};

export const maintenanceNoticeTemplate: EmailTemplate = {
  name: 'Maintenance Notice',
  subject: 'Scheduled maintenance: {{maintenanceWindow}}',
  htmlTemplate:
    '<p>Agora will be down for maintenance during {{maintenanceWindow}}.</p>' +
    '<p>Follow the progress on the <a href="{{statusUrl}}">status page</a>.</p>',
  textTemplate:
    'Agora will be down for maintenance during {{maintenanceWindow}}.\n\n' +
    'Follow the progress on the status page: {{statusUrl}}',
  variables: ['maintenanceWindow', 'statusUrl'],
  category: 'system',
};

export const newsletterTemplate: EmailTemplate = {
  name: 'Newsletter',
  subject: '{{newsletterTitle}}',
  htmlTemplate:
    '<h1>{{newsletterTitle}}</h1><p>{{newsletterContent}}</p>' +
    '<p><small><a href="{{unsubscribeUrl}}">Unsubscribe</a></small></p>',
  textTemplate: '{{newsletterTitle}}\n\n{{newsletterContent}}\n\nUnsubscribe: {{unsubscribeUrl}}',
  variables: ['newsletterTitle', 'newsletterContent', 'unsubscribeUrl'],
  category: 'marketing',
};

export const communityInvitationTemplate: EmailTemplate = {
  name: 'Community Invitation',
  subject: '{{inviterName}} invited you to join {{communityName}} on Agora',
  htmlTemplate:
    '<p>{{inviterName}} invited you to join the community <strong>{{communityName}}</strong> on Agora.</p>' +
    '<p><a href="{{communityUrl}}">See the community</a> to join it or decline.</p>',
  textTemplate:
    '{{inviterName}} invited you to join the community "{{communityName}}" on Agora.\n\n' +
    'See the community to join it or decline: {{communityUrl}}',
  variables: ['inviterName', 'communityName', 'communityUrl'],
  category: 'social',
};

export const eventReminderTemplate: EmailTemplate = {
  name: 'Event Reminder',
  subject: 'Reminder: {{eventTitle}} starts {{eventStart}}',
  htmlTemplate:
    '<p>{{eventTitle}}, which you joined on Agora, starts {{eventStart}}.</p>' +
    '<p>Where: {{eventLocation}}</p>' +
    '<p><a href="{{eventUrl}}">See the event</a>, or leave it if you can no longer come.</p>',
  textTemplate:
    '{{eventTitle}}, which you joined on Agora, starts {{eventStart}}.\n\n' +
    'Where: {{eventLocation}}\n\n' +
    'See the event, or leave it if you can no longer come: {{eventUrl}}',
  variables: ['eventTitle', 'eventStart', 'eventLocation', 'eventUrl'],
  category: 'social',
};

export const eventCancelledTemplate: EmailTemplate = {
  name: 'Event Cancelled',
  subject: '{{eventTitle}} was cancelled',
  htmlTemplate:
    '<p>{{eventTitle}}, planned for {{eventStart}}, was cancelled by its organizer.</p>' +
    '<p><a href="{{eventsUrl}}">Find other events</a>.</p>',
  textTemplate:
    '{{eventTitle}}, planned for {{eventStart}}, was cancelled by its organizer.\n\n' +
    'Find other events: {{eventsUrl}}',
  variables: ['eventTitle', 'eventStart', 'eventsUrl'],
  category: 'social',
};

export const mentionTemplate: EmailTemplate = {
  name: 'Mention',
  subject: '{{authorName}} mentioned you on Agora',
  htmlTemplate:
    '<p>{{authorName}} mentioned you in <strong>{{postTitle}}</strong>.</p>' +
    '<p><a href="{{postUrl}}">See the post</a>.</p>',
  textTemplate: '{{authorName}} mentioned you in "{{postTitle}}".\n\nSee the post: {{postUrl}}',
  variables: ['authorName', 'postTitle', 'postUrl'],
  category: 'social',
};

export const repostTemplate: EmailTemplate = {
  name: 'Repost',
  subject: '{{reposterName}} reposted your post "{{postTitle}}"',
  htmlTemplate:
    '<p>{{reposterName}} reposted your post <strong>{{postTitle}}</strong> to their followers.</p>' +
    '<p><a href="{{postUrl}}">See the post</a>.</p>',
  textTemplate:
    '{{reposterName}} reposted your post "{{postTitle}}" to their followers.\n\n' +
    'See the post: {{postUrl}}',
  variables: ['reposterName', 'postTitle', 'postUrl'],
  category: 'social',
};

export const quoteTemplate: EmailTemplate = {
  name: 'Quote',
  subject: '{{quoterName}} quoted your post "{{postTitle}}"',
  htmlTemplate:
    '<p>{{quoterName}} quoted your post <strong>{{postTitle}}</strong> in a post of their own.</p>' +
    '<p><a href="{{quoteUrl}}">Read it</a>.</p>',
  textTemplate:
    '{{quoterName}} quoted your post "{{postTitle}}" in a post of their own.\n\n' +
    'Read it: {{quoteUrl}}',
  variables: ['quoterName', 'postTitle', 'quoteUrl'],
  category: 'social',
};

/** Every built-in template, in the order the dashboard lists them. */
export const defaultTemplates: readonly EmailTemplate[] = [
  emailVerificationTemplate,
  passwordResetTemplate,
  friendRequestTemplate,
  friendRequestAcceptedTemplate,
  contentSharedTemplate,
  likeNotificationTemplate,
  securityAlertTemplate,
  maintenanceNoticeTemplate,
  newsletterTemplate,
  communityInvitationTemplate,
  eventReminderTemplate,
  eventCancelledTemplate,
  mentionTemplate,
  repostTemplate,
  quoteTemplate,
];

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function fill(template: string, data: Record<string, string>, escape: boolean): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => {
    const value = data[name] ?? '';
    return escape ? value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c) : value;
  });
}

/** Variables the template needs that `data` lacks. */
export function missingVariables(
  template: Pick<EmailTemplate, 'variables'>,
  data: Record<string, string>,
): string[] {
  return template.variables.filter((name) => data[name] === undefined);
}

export function renderTemplate(
  template: Pick<EmailTemplate, 'name' | 'subject' | 'htmlTemplate' | 'textTemplate' | 'variables'>,
  data: Record<string, string>,
) {
  const missing = missingVariables(template, data);
  if (missing.length > 0) {
    throw new Error(`Template ${template.name} is missing ${missing.join(', ')}`);
  }
  return {
    // A subject is one header line: a value with a line break must not start another header.
    subject: fill(template.subject, data, false).replace(/[\r\n]+/g, ' '),
    html: fill(template.htmlTemplate, data, true),
    text: fill(template.textTemplate, data, false),
  };
}
