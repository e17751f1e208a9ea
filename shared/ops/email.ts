import { z } from 'zod';
import { text } from '../api/text';
import { emailField } from '../auth/schemas';

/** Email delivery (spec 002 §3 Email, §4 Email queue, §8): types and schemas of server and web. */

export const EMAIL_PRIORITIES = ['low', 'normal', 'high'] as const;
export type EmailPriority = (typeof EMAIL_PRIORITIES)[number];

export const EMAIL_STATUSES = ['pending', 'processing', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_CATEGORIES = ['auth', 'social', 'system', 'marketing'] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

/** Texts of spec 002 §8. */
export const emailMessages = {
  sendFailed: 'Failed to send email',
  queueFailed: 'Failed to get queue status',
  queued: 'Email queued successfully',
} as const;

/** Verification links expire after 24 hours (spec 002 §9); reset links after 1 hour. */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 100_000;
export const EMAIL_VARIABLE_MAX = 10_000;
/** More variables than any template defines; the renderer ignores the ones it does not use. */
export const EMAIL_VARIABLES_MAX = 50;

/** `{{name}}` placeholders, as the renderer fills them. */
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** Every distinct placeholder name used in `text`, in order of first use. */
export function placeholdersOf(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) names.add(match[1]!);
  return [...names];
}

/** Placeholders in `text` that the template does not define. */
export function unknownPlaceholders(text: string, variables: readonly string[]): string[] {
  return placeholdersOf(text).filter((name) => !variables.includes(name));
}

export const emailQueueStatsSchema = z.object({
  pending: z.number().int().min(0),
  processing: z.number().int().min(0),
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  total: z.number().int().min(0),
  progress: z.number().min(0).max(100),
  /** Rises with every change to the counts, in commit order. */
  version: z.number().int().min(0),
});
export type EmailQueueStats = z.infer<typeof emailQueueStatsSchema>;

/** Percent of the queue that is finished, sent or failed (spec 002 §4); 100 when empty. */
export function queueProgress(counts: {
  pending: number;
  processing: number;
  sent: number;
  failed: number;
}): number {
  const total = counts.pending + counts.processing + counts.sent + counts.failed;
  if (total === 0) return 100;
  return ((counts.sent + counts.failed) / total) * 100;
}

export const queuedEmailSchema = z.object({
  id: z.uuid(),
  template: z.string(),
  recipient: z.string(),
  subject: z.string(),
  priority: z.enum(EMAIL_PRIORITIES),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int().min(0),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  nextAttemptAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type QueuedEmail = z.infer<typeof queuedEmailSchema>;

export const emailQueueViewSchema = emailQueueStatsSchema.extend({
  recent: z.array(queuedEmailSchema),
});
export type EmailQueueView = z.infer<typeof emailQueueViewSchema>;

export const emailTemplateViewSchema = z.object({
  name: z.string(),
  subject: z.string(),
  htmlTemplate: z.string(),
  textTemplate: z.string(),
  variables: z.array(z.string()),
  category: z.enum(EMAIL_CATEGORIES),
  isActive: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type EmailTemplateView = z.infer<typeof emailTemplateViewSchema>;

export const capturedEmailSchema = z.object({
  id: z.uuid(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  template: z.string(),
  capturedAt: z.iso.datetime(),
});
export type CapturedEmail = z.infer<typeof capturedEmailSchema>;

export const sendEmailSchema = z.strictObject({
  recipient: emailField,
  template: text({ trim: true, required: 'Template is required', max: 100 }),
  data: z
    .record(text({ max: 100 }).regex(/^\w+$/), text({ max: EMAIL_VARIABLE_MAX }))
    .refine(
      (data) => Object.keys(data).length <= EMAIL_VARIABLES_MAX,
      `At most ${EMAIL_VARIABLES_MAX} variables`,
    )
    .default({}),
  priority: z.enum(EMAIL_PRIORITIES).default('normal'),
});
export type SendEmailRequest = z.input<typeof sendEmailSchema>;

const nonBlank = (label: string, max: number) =>
  text({
    max,
    maxMessage: `${label} must be at most ${max} characters`,
    required: `${label} is required`,
  });

export const updateTemplateSchema = z.strictObject({
  subject: nonBlank('Subject', EMAIL_SUBJECT_MAX),
  htmlTemplate: nonBlank('HTML template', EMAIL_BODY_MAX),
  textTemplate: nonBlank('Text template', EMAIL_BODY_MAX),
  isActive: z.boolean(),
});
export type UpdateTemplateRequest = z.infer<typeof updateTemplateSchema>;

export const templateNameParams = z.object({ name: text({ max: 100 }).min(1) });

export const verifyEmailSchema = z.strictObject({ token: text({ max: 200 }).min(1) });

export const emailVerificationMessages = {
  verified: 'Your email address is verified.',
  invalid: 'This verification link is invalid or has expired.',
} as const;
