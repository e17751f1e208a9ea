import { qb, statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';
import { eraseMemberFollows } from './profiles-erasure';

/**
 * Who follows whom, since when. A block ends the follows between the two both ways, as it ends
 * their friendship; a deleted member's follows go both ways too.
 */
export const followsProjection: Projection = {
  name: 'follows',
  tables: ['follows'],
  handles: ['MemberFollowed', 'MemberUnfollowed', 'MemberBlocked', 'AccountDeleted'],
  project(event) {
    switch (event.type) {
      case 'MemberFollowed':
        return [
          statement(
            qb
              .insertInto('follows')
              .values({
                follower_id: event.data.followerId,
                followee_id: event.data.followeeId,
                created_at: event.occurredAt,
              })
              .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing()),
          ),
        ];
      case 'MemberUnfollowed':
        return [
          statement(
            qb
              .deleteFrom('follows')
              .where('follower_id', '=', event.data.followerId)
              .where('followee_id', '=', event.data.followeeId),
          ),
        ];
      case 'MemberBlocked': {
        const { userId, blockedUserId } = event.data;
        return [
          statement(
            qb
              .deleteFrom('follows')
              .where((eb) =>
                eb.or([
                  eb.and([eb('follower_id', '=', userId), eb('followee_id', '=', blockedUserId)]),
                  eb.and([eb('follower_id', '=', blockedUserId), eb('followee_id', '=', userId)]),
                ]),
              ),
          ),
        ];
      }
      case 'AccountDeleted':
        return eraseMemberFollows(event.data.userId);
      default:
        return [];
    }
  },
};
