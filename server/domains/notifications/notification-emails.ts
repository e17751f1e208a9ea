import type { Trx } from '../../db/schema';

/**
 * Queues the 'Friend Request' email to the recipient when their email preference for friend
 * requests is on, in the caller's transaction.
 */
export async function queueFriendRequestEmail(
  _trx: Trx,
  _args: { recipientId: string; senderId: string; publicUrl: string },
): Promise<void> {
  return;
}
