import { sql, type RawBuilder } from 'kysely';

/**
 * Who should hear about a new post by `authorId`: the members whose home feed it joins, as
 * `user_id` rows. Friends now; the members who follow the author join them with follows
 * (Profiles). Whether each may see this post is the pusher's check, by the relations policy.
 */
export function newPostAudience(authorId: string): RawBuilder<{ user_id: string }> {
  return sql<{ user_id: string }>`select f.friend_id as user_id from friendships f
    where f.user_id = ${authorId}::uuid`;
}
