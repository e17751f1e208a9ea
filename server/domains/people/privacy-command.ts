import type { Privacy } from '../../../shared/social';
import { appendTo, defineCommand } from '../../core/command';
import { notFound } from '../../core/errors';
import { first, streamVersion } from '../../core/reads';
import { qb, statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';
import { userStreamId } from '../auth/streams';

/** Sets who may see the member's profile; choosing the current setting again changes nothing. */
export const changePrivacy = defineCommand({
  name: 'people.changePrivacy',
  load: ({ userId }: { userId: string; privacy: Privacy }) => ({
    user: first(qb.selectFrom('users').select('privacy').where('id', '=', userId)),
    version: streamVersion(userStreamId(userId)),
  }),
  decide({ user, version }, { userId, privacy }) {
    if (!user) throw notFound('User not found');
    if (user.privacy === privacy) return { result: privacy };
    return {
      appends: [
        appendTo(userStreamId(userId), version, [
          { type: 'ProfilePrivacyChanged', data: { userId, privacy } },
        ]),
      ],
      result: privacy,
    };
  },
});

/**
 * The member's privacy on their account row (the accounts projection owns the row and empties it
 * before a rebuild; this one only sets the column).
 */
export const privacyProjection: Projection = {
  name: 'privacy',
  tables: [],
  handles: ['ProfilePrivacyChanged'],
  project(event) {
    if (event.type !== 'ProfilePrivacyChanged') return [];
    return [
      statement(
        qb
          .updateTable('users')
          .set({ privacy: event.data.privacy, updated_at: event.occurredAt })
          .where('id', '=', event.data.userId),
      ),
    ];
  },
};
