import { sql, type RawBuilder } from 'kysely';

/**
 * Who should hear about a new post by `authorId`: the members whose home feed it joins, their
 * friends and the members who follow them, once each, as `user_id` rows. Whether each may see
 * this post is the pusher's check, by the relations policy.
 */
export function newPostAudience(authorId: string): RawBuilder<{ user_id: string }> {
  return sql<{ user_id: string }>`select f.friend_id as user_id from friendships f
    where f.user_id = ${authorId}::uuid
    union
    select fo.follower_id from follows fo where fo.followee_id = ${authorId}::uuid`;
}
