import type { Privacy } from '../../../shared/social';
import type { Db } from '../../db/schema';
import { append } from '../../eventstore/append';
import { notFound } from '../../http/errors';
import { userStreamId } from '../auth/commands';

/** Sets who may see the member's profile; choosing the current setting again changes nothing. */
export async function changePrivacy(
  db: Db,
  userId: string,
  privacy: Privacy,
  requestId?: string,
): Promise<Privacy> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['privacy', 'stream_version'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw notFound('User not found');
    if (user.privacy === privacy) return privacy;
    await append(
      trx,
      userStreamId(userId),
      user.stream_version,
      [{ type: 'ProfilePrivacyChanged', data: { userId, privacy } }],
      { actorId: userId, requestId },
    );
    return privacy;
  });
}
