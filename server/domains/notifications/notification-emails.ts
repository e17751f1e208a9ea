import { sql } from 'kysely';
import type { NotificationType } from '../../../shared/social/notifications';
import { value, type Read } from '../../core/reads';
import type { MemberRef } from '../relations/relations-policy';
import type { Statement } from '../../db/statement';
import { queueEmail } from '../email/outbox';
import type { StoredTemplate } from '../email/template-store';
import { wants } from './preferences';

/** What an email about a notification needs, read with the command's other reads. */
export interface NotificationEmailContext {
  template: StoredTemplate | null;
  /** Null when the recipient is gone or disabled, or does not want this type by email. */
  recipientEmail: string | null;
  actorName: string | null;
}

/** One statement: the template, the recipient's address if they want the email, the actor's name. */
export function notificationEmailRead(
  recipient: MemberRef,
  actor: MemberRef,
  type: NotificationType,
  templateName: string,
): Read<NotificationEmailContext> {
  return value(sql<NotificationEmailContext>`json_build_object(
    'template', (select row_to_json(t) from email_templates t where t.name = ${templateName}),
    'recipientEmail', (select u.email from users u
      where u.id = ${recipient} and u.status = 'active' and ${wants(recipient, type, 'email')}),
    'actorName', (select a.display_name from users a where a.id = ${actor}))`);
}

/**
 * Queues the notification's email in the command's write when the recipient wants it, naming the
 * actor as the template calls them (`senderName`, `accepterName`) and linking their profile.
 */
export function notificationEmail(
  context: NotificationEmailContext,
  args: { actorId: string; actorVariable: string; publicUrl: string },
): Statement[] {
  if (!context.recipientEmail || !context.actorName || !context.template) return [];
  return queueEmail(context.template, context.recipientEmail, {
    [args.actorVariable]: context.actorName,
    profileUrl: `${args.publicUrl}/profile/${args.actorId}`,
  });
}
