import { sql, type RawBuilder } from 'kysely';
import type { AnalyticsMetric } from '../../../shared/analytics';
import { qb, statement, type Statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';
import type { RecordedEvent } from '../../eventstore/stored-event';

/** Shards of a site row; a request's events all go to one, so a request locks one row per metric. */
export const SITE_SHARDS = 8;

const dayOf = (event: RecordedEvent) => event.occurredAt.toISOString().slice(0, 10);

/**
 * The site row's shard, from the request that appended the event (stored with it, so a rebuild
 * picks the same shard). Workers' batches have no request and share one shard.
 */
function shardOf(event: RecordedEvent): RawBuilder<number> {
  const key = event.metadata.requestId ?? event.metadata.correlationId ?? '';
  return sql<number>`(abs(hashtext(${key}::text)) % ${SITE_SHARDS})::smallint`;
}

function siteUpsert(event: RecordedEvent, metric: AnalyticsMetric, count: number) {
  return sql`
    insert into analytics_site_daily (day, metric, shard, count)
    values (${dayOf(event)}::date, ${metric}, ${shardOf(event)}, ${count})
    on conflict (day, metric, shard)
      do update set count = analytics_site_daily.count + excluded.count`;
}

function siteRow(event: RecordedEvent, metric: AnalyticsMetric, count: number): Statement {
  return statement(siteUpsert(event, metric, count));
}

/** `member` is a member's id, or a post whose author it is (read in the statement). */
type MemberOf = { id: string } | { authorOf: string };

function memberUpsert(
  event: RecordedEvent,
  metric: AnalyticsMetric,
  count: number,
  member: MemberOf,
) {
  const from =
    'id' in member
      ? sql`select ${member.id}::uuid as member_id`
      : sql`select p.author_id as member_id from posts p where p.id = ${member.authorOf}::uuid`;
  return sql`
    insert into analytics_member_daily (member_id, day, metric, count)
    select m.member_id, ${dayOf(event)}::date, ${metric}, ${count} from (${from}) m
    on conflict (member_id, day, metric)
      do update set count = analytics_member_daily.count + excluded.count`;
}

function memberRow(
  event: RecordedEvent,
  metric: AnalyticsMetric,
  count: number,
  member: MemberOf,
): Statement {
  return statement(memberUpsert(event, metric, count, member));
}

/**
 * The site's row and the member's, in one statement: every like, view and comment counts in
 * both, and a statement fewer is what a hot post's likes are short of.
 */
function siteAndMemberRows(
  event: RecordedEvent,
  metric: AnalyticsMetric,
  count: number,
  member: MemberOf,
): Statement[] {
  return [
    statement(sql`with site as (${siteUpsert(event, metric, count)})
      ${memberUpsert(event, metric, count, member)}`),
  ];
}

/** A sign-in makes the member active that day; the session's later use is stamped by auth. */
function signedIn(event: RecordedEvent, userId: string): Statement[] {
  return [
    statement(
      qb
        .insertInto('analytics_active_days')
        .values({ day: dayOf(event), member_id: userId })
        .onConflict((oc) => oc.columns(['day', 'member_id']).doNothing()),
    ),
  ];
}

/** Counts on a member's post by someone else; what a member does to their own post is not engagement. */
function engagement(
  event: RecordedEvent,
  metric: AnalyticsMetric,
  actorId: string,
  postAuthorId: string,
): Statement[] {
  if (actorId === postAuthorId) return [];
  return siteAndMemberRows(event, metric, 1, { id: postAuthorId });
}

function counted(event: RecordedEvent): Statement[] {
  switch (event.type) {
    case 'PageViewed':
      return [siteRow(event, 'page_view', 1)];
    case 'PostViewed':
      return siteAndMemberRows(event, 'post_view', event.data.views, {
        authorOf: event.data.postId,
      });
    case 'ProfileViewsCounted':
      return siteAndMemberRows(event, 'profile_view', event.data.count, {
        id: event.data.userId,
      });
    case 'PostLiked':
      return engagement(event, 'like', event.data.userId, event.data.postAuthorId);
    case 'CommentAdded':
      return engagement(event, 'comment', event.data.authorId, event.data.postAuthorId);
    case 'PostShared':
      return engagement(event, 'share', event.data.userId, event.data.postAuthorId);
    case 'MemberFollowed':
      return [memberRow(event, 'follow', 1, { id: event.data.followeeId })];
    case 'MemberUnfollowed':
      return [memberRow(event, 'unfollow', 1, { id: event.data.followeeId })];
    case 'UserSignedIn':
      return signedIn(event, event.data.userId);
    default:
      return [];
  }
}

/**
 * Daily rollups for `/analytics`, written in the transaction of the events they count: the
 * site's and each member's views and engagement, and the site's visits to the home page. An
 * action counts on the day it happened: an unlike or a deleted comment later does not take it
 * back. A deleted account's rows go; the site's anonymous totals keep what it did.
 *
 * `analytics_active_days` is not this projection's alone: sign-ins are projected here, and each
 * later use of a session stamps its day (`server/domains/auth/sessions.ts`). A rebuild therefore
 * keeps the table (not in `tables`) and replays the sign-ins into it.
 */
export const analyticsProjection: Projection = {
  name: 'analytics',
  tables: ['analytics_member_daily', 'analytics_site_daily'],
  handles: [
    'PageViewed',
    'PostViewed',
    'ProfileViewsCounted',
    'PostLiked',
    'CommentAdded',
    'PostShared',
    'MemberFollowed',
    'MemberUnfollowed',
    'UserSignedIn',
    'AccountDeleted',
  ],
  project(event) {
    if (event.type === 'AccountDeleted') {
      const { userId } = event.data;
      return [
        statement(qb.deleteFrom('analytics_member_daily').where('member_id', '=', userId)),
        statement(qb.deleteFrom('analytics_active_days').where('member_id', '=', userId)),
      ];
    }
    return counted(event);
  },
};
