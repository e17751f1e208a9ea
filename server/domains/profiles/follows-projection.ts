import { qb, statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';

/** Who follows whom, since when. */
export const followsProjection: Projection = {
  name: 'follows',
  tables: ['follows'],
  handles: ['MemberFollowed', 'MemberUnfollowed'],
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
      default:
        return [];
    }
  },
};
