import type { NotificationType } from '../../../shared/social/notifications';
import type { Trx } from '../../db/schema';
import { enqueueEmail } from '../email/outbox';
import {
  friendRequestAcceptedTemplate,
  friendRequestTemplate,
  type EmailTemplate,
} from '../email/templates';
import { readPreferences } from './preferences';

/**
 * Queues `template` to the recipient about `actorId` when the recipient's email preference for
 * `type` is on and both members exist. `nameVariable` is what the template calls the actor.
 */
async function queueSocialEmail(
  trx: Trx,
  type: NotificationType,
  template: EmailTemplate,
  nameVariable: string,
  args: { recipientId: string; actorId: string; publicUrl: string },
): Promise<void> {
  const preferences = await readPreferences(trx, args.recipientId);
  if (!preferences[type].email) return;
  const recipient = await trx
    .selectFrom('users')
    .select(['email', 'status'])
    .where('id', '=', args.recipientId)
    .executeTakeFirst();
  const actor = await trx
    .selectFrom('users')
    .select('display_name')
    .where('id', '=', args.actorId)
    .executeTakeFirst();
  if (!recipient || recipient.status !== 'active' || !actor) return;
  await enqueueEmail(trx, template, recipient.email, {
    [nameVariable]: actor.display_name,
    profileUrl: `${args.publicUrl}/profile/${args.actorId}`,
  });
}

/**
 * Queues the 'Friend Request' email to the recipient when their email preference for friend
 * requests is on, in the caller's transaction.
 */
export async function queueFriendRequestEmail(
  trx: Trx,
  args: { recipientId: string; senderId: string; publicUrl: string },
): Promise<void> {
  await queueSocialEmail(trx, 'friend_request_received', friendRequestTemplate, 'senderName', {
    recipientId: args.recipientId,
    actorId: args.senderId,
    publicUrl: args.publicUrl,
  });
}

/**
 * Queues the 'Friend Request Accepted' email to the member whose request was accepted, when
 * their email preference for acceptances is on, in the caller's transaction.
 */
export async function queueFriendAcceptedEmail(
  trx: Trx,
  args: { recipientId: string; accepterId: string; publicUrl: string },
): Promise<void> {
  await queueSocialEmail(
    trx,
    'friend_request_accepted',
    friendRequestAcceptedTemplate,
    'accepterName',
    { recipientId: args.recipientId, actorId: args.accepterId, publicUrl: args.publicUrl },
  );
}
