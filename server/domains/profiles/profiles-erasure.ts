import { sql } from 'kysely';
import { statement, type Statement } from '../../db/statement';

/** A deleted member's profile leaves the read model with everything on it. */
export function eraseMemberProfile(userId: string): Statement[] {
  return [statement(sql`delete from profiles where user_id = ${userId}::uuid`)];
}

/** A deleted member's follows, both ways, leave the read model. */
export function eraseMemberFollows(userId: string): Statement[] {
  return [
    statement(sql`delete from follows
      where follower_id = ${userId}::uuid or followee_id = ${userId}::uuid`),
  ];
}

/**
 * After a deleted member's follows and likes went (the follows and likes-received projections run
 * before this one), the member's stats row goes and every other member's followers, following
 * and likes are recounted: who they followed or liked is no longer in the read models. All rows
 * are locked in id order, as a single recount locks its one or two; only the rows whose counts
 * moved get a new version, so only their watchers hear of it. Views stay: they are counted, not
 * kept per viewer.
 */
export function recountStatsAfterErasure(userId: string): Statement[] {
  return [
    statement(sql`delete from profile_stats where user_id = ${userId}::uuid`),
    statement(sql`select user_id from profile_stats order by user_id for update`),
    statement(sql`
      update profile_stats s
      set followers = c.followers, following = c.following, likes = c.likes,
          version = s.version + 1
      from (select s2.user_id,
              (select count(*) from follows f where f.followee_id = s2.user_id)::int as followers,
              (select count(*) from follows f where f.follower_id = s2.user_id)::int as following,
              coalesce((select l.total from likes_received l where l.user_id = s2.user_id), 0)
                as likes
            from profile_stats s2) c
      where s.user_id = c.user_id
        and (s.followers, s.following, s.likes)
          is distinct from (c.followers, c.following, c.likes)`),
  ];
}

/** A deleted member's uuidv7 mapping (with the address it holds) and sequence. */
export function eraseMemberRecords(userId: string): Statement[] {
  return [
    statement(sql`delete from user_mappings where user_id = ${userId}::uuid`),
    statement(sql`delete from user_sequences where user_id = ${userId}::uuid`),
  ];
}
