import { sql, type RawBuilder } from 'kysely';

/**
 * The condition on `users as u` for members the caller may find: active, not the caller, no
 * block between the two in either direction, and, between friends, the member has not taken
 * `search` away from the caller.
 */
export function findableBy(callerId: string): RawBuilder<boolean> {
  return sql<boolean>`u.id <> ${callerId} and u.status = 'active' and not exists (
    select 1 from blocks b
    where (b.user_id = ${callerId} and b.blocked_user_id = u.id)
       or (b.user_id = u.id and b.blocked_user_id = ${callerId}))
    and not exists (
      select 1 from friendships f
      where f.user_id = u.id and f.friend_id = ${callerId}
        and not ('search' = any(f.permissions)))`;
}
