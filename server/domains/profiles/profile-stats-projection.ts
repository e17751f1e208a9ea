import { sql, type RawBuilder } from 'kysely';
import type { MeaningCatalogue } from '../../core/meaning-catalogue';
import { qb, statement, type Statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';
import { recountStatsAfterErasure } from './profiles-erasure';

type Counter = 'posts' | 'followers' | 'following' | 'likes';

/**
 * Locks the members' stats rows in id order, a statement of its own: the recounts after it start
 * once whoever held a row committed, so they see what that writer wrote (every writer changes
 * the rows it counts before it takes this lock). The id order rules out deadlocks between two
 * members following each other at once.
 */
function lockStats(userIds: readonly string[]): Statement {
  return statement(sql`select user_id from profile_stats
    where user_id = any(${[...new Set(userIds)].sort()}::uuid[]) order by user_id for update`);
}

/** Sets one counter from its source, bumping `version` only when the count moves. */
function recount(userId: string, counter: Counter, source: RawBuilder<number>): Statement {
  return statement(sql`
    update profile_stats s set ${sql.ref(counter)} = c.n, version = s.version + 1
    from (select (${source})::int as n) c
    where s.user_id = ${userId}::uuid and s.${sql.ref(counter)} <> c.n`);
}

/**
 * Bumps the version alone: what some viewers may see of the member's posts changed (a post's
 * audience, a moderator's action) though no stored count moved. Viewers are shown counts of what
 * they may see, read at their request, with this version in theirs, so they keep the newer.
 */
function touch(userId: string): Statement {
  return statement(sql`update profile_stats set version = version + 1
    where user_id = ${userId}::uuid`);
}

/**
 * What the profile's posts page lists for the member themself: their published posts, not
 * those in the trash.
 */
const publishedPosts = (userId: string) =>
  sql<number>`(select count(*) from posts
    where author_id = ${userId}::uuid and status = 'published' and deleted_at is null)`;

/** The same figure as the profile's Total Likes (`likes_received`, projected just before). */
const likesReceived = (userId: string) =>
  sql<number>`coalesce((select total from likes_received where user_id = ${userId}::uuid), 0)`;

const followersOf = (userId: string) =>
  sql<number>`(select count(*) from follows where followee_id = ${userId}::uuid)`;
const followingOf = (userId: string) =>
  sql<number>`(select count(*) from follows where follower_id = ${userId}::uuid)`;

/**
 * Each member's profile stats, recounted from the read models the events changed (posts,
 * `likes_received`, follows), so no count can drift; views, known exactly, are added. Listed
 * after the posts and follows projections, so it counts what they left. A like or an unlike is
 * not recounted here: the posts projection's like statement copies the author's new total from
 * `likes_received` (`addLikesReceived`). These are the member's
 * own totals; others are shown counts of what they may see (`profile-stats-read.ts`), versioned
 * by this row's `version` too, which every change of what any viewer may count moves.
 */
export function profileStatsProjection(meanings: MeaningCatalogue): Projection {
  return {
    name: 'profile-stats',
    tables: ['profile_stats'],
    handles: [
      ...meanings.typesDeclaring('joins'),
      'MemberFollowed',
      'MemberUnfollowed',
      'MemberBlocked',
      'PostPublished',
      'PostEdited',
      'PostDeleted',
      'PostTrashed',
      'PostUntrashed',
      'ContentImported',
      'ContentMigrated',
      'PostPermissionsSet',
      'ContentModerated',
      'ProfileViewsCounted',
      'AccountDeleted',
    ],
    project(event) {
      switch (event.type) {
        case 'MemberFollowed':
        case 'MemberUnfollowed': {
          const { followerId, followeeId } = event.data;
          return [
            lockStats([followerId, followeeId]),
            recount(followeeId, 'followers', followersOf(followeeId)),
            recount(followerId, 'following', followingOf(followerId)),
          ];
        }
        case 'MemberBlocked': {
          const pair = [event.data.userId, event.data.blockedUserId];
          return [
            lockStats(pair),
            ...pair.flatMap((userId) => [
              recount(userId, 'followers', followersOf(userId)),
              recount(userId, 'following', followingOf(userId)),
            ]),
          ];
        }
        case 'PostEdited':
          return [
            lockStats([event.data.authorId]),
            recount(event.data.authorId, 'posts', publishedPosts(event.data.authorId)),
            touch(event.data.authorId),
          ];
        case 'PostPermissionsSet':
          return [lockStats([event.data.authorId]), touch(event.data.authorId)];
        case 'ContentModerated':
          return event.data.targetType === 'post'
            ? [lockStats([event.data.authorId]), touch(event.data.authorId)]
            : [];
        case 'PostPublished':
        case 'PostTrashed':
        case 'PostUntrashed':
        case 'ContentImported':
          return [
            lockStats([event.data.authorId]),
            recount(event.data.authorId, 'posts', publishedPosts(event.data.authorId)),
          ];
        case 'PostDeleted':
          return [
            lockStats([event.data.authorId]),
            recount(event.data.authorId, 'posts', publishedPosts(event.data.authorId)),
            recount(event.data.authorId, 'likes', likesReceived(event.data.authorId)),
          ];
        case 'ContentMigrated': {
          const pair = [event.data.fromUserId, event.data.toUserId];
          return [
            lockStats(pair),
            ...pair.flatMap((userId) => [
              recount(userId, 'posts', publishedPosts(userId)),
              recount(userId, 'likes', likesReceived(userId)),
            ]),
          ];
        }
        case 'ProfileViewsCounted':
          return [
            statement(
              qb
                .updateTable('profile_stats')
                .set({
                  views: sql`views + ${event.data.count}`,
                  version: sql`version + 1`,
                })
                .where('user_id', '=', event.data.userId),
            ),
          ];
        case 'AccountDeleted':
          return recountStatsAfterErasure(event.data.userId);
        default: {
          const joined = meanings.joins(event);
          return joined
            ? [statement(qb.insertInto('profile_stats').values({ user_id: joined }))]
            : [];
        }
      }
    },
  };
}
