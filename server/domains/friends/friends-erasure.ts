import { qb, statement, type Statement } from '../../db/statement';

/** A deleted member's requests, friendships and blocks, both ways, leave the read models. */
export function eraseMemberFriends(userId: string): Statement[] {
  return [
    statement(
      qb
        .deleteFrom('friend_requests')
        .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)])),
    ),
    statement(
      qb
        .deleteFrom('friendships')
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('friend_id', '=', userId)])),
    ),
    statement(
      qb
        .deleteFrom('blocks')
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('blocked_user_id', '=', userId)])),
    ),
  ];
}
