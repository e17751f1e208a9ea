import { sql } from 'kysely';
import type { EventType } from '../../../shared/events';
import { qb, statement, type Statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';
import type { RecordedEvent } from '../../eventstore/stored-event';
import { eraseMemberModeration } from './moderation-erasure';

export const moderationEventTypes = [
  'ContentReported',
  'ContentModerated',
  'MemberWarned',
  'MemberSuspended',
  'MemberReinstated',
] as const satisfies readonly EventType[];

/** An action's audit row is keyed by its event, so a rebuild writes the same ids. */
const auditId = (event: RecordedEvent) => `${event.streamId}@${event.streamVersion}`;

function audit(
  event: RecordedEvent,
  row: {
    moderatorId: string;
    action: 'approve' | 'hide' | 'remove' | 'warn' | 'suspend' | 'reinstate';
    targetType: 'post' | 'comment' | 'member';
    targetId: string;
    memberId: string;
    reason: string;
    until: string | null;
  },
): Statement {
  return statement(
    qb.insertInto('moderation_audit').values({
      id: auditId(event),
      moderator_id: row.moderatorId,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      member_id: row.memberId,
      reason: row.reason,
      until: row.until === null ? null : new Date(row.until),
      created_at: event.occurredAt,
    }),
  );
}

/** The item's last action, when the action was taken on reported content. */
const markItem = (
  targetId: string,
  action: 'approve' | 'hide' | 'remove' | 'warn' | 'suspend',
  resolves: boolean,
) =>
  statement(
    qb
      .updateTable('moderation_items')
      .set((eb) => ({
        last_action: action,
        ...(resolves ? { status: 'resolved' as const } : {}),
        version: eb('version', '+', 1),
      }))
      .where('target_id', '=', targetId),
  );

/**
 * The queue (`moderation_items`, one row per reported post or comment, and `content_reports`),
 * the audit list and the members' suspensions. A new report opens the item again; approving,
 * hiding or removing resolves it; a warning or a suspension of its author is noted on it and
 * leaves it as it was, since the content itself still needs a decision.
 */
export const moderationProjection: Projection = {
  name: 'moderation',
  tables: ['moderation_items', 'content_reports', 'moderation_audit', 'member_suspensions'],
  handles: [...moderationEventTypes, 'AccountDeleted'],
  project(event) {
    switch (event.type) {
      case 'ContentReported': {
        const d = event.data;
        return [
          statement(
            qb.insertInto('content_reports').values({
              id: d.reportId,
              target_id: d.targetId,
              reporter_id: d.reporterId,
              reason: d.reason,
              note: d.note,
              created_at: event.occurredAt,
            }),
          ),
          statement(sql`insert into moderation_items
              (target_id, target_type, post_id, author_id, status, report_count,
               last_reported_at, last_action, version)
            values (${d.targetId}::uuid, ${d.targetType}, ${d.postId}::uuid, ${d.authorId}::uuid,
              'open', 1, ${event.occurredAt}, null, 1)
            on conflict (target_id) do update set status = 'open',
              report_count = moderation_items.report_count + 1,
              last_reported_at = excluded.last_reported_at,
              version = moderation_items.version + 1`),
        ];
      }
      case 'ContentModerated': {
        const d = event.data;
        return [
          markItem(d.targetId, d.action, true),
          audit(event, {
            moderatorId: d.moderatorId,
            action: d.action,
            targetType: d.targetType,
            targetId: d.targetId,
            memberId: d.authorId,
            reason: d.reason,
            until: null,
          }),
        ];
      }
      case 'MemberWarned':
      case 'MemberSuspended': {
        const d = event.data;
        const action = event.type === 'MemberWarned' ? 'warn' : 'suspend';
        const until = event.type === 'MemberSuspended' ? event.data.until : null;
        return [
          ...(d.targetType === 'member' ? [] : [markItem(d.targetId, action, false)]),
          ...(event.type === 'MemberSuspended'
            ? [
                statement(sql`insert into member_suspensions
                    (user_id, moderator_id, reason, until, created_at)
                  values (${d.userId}::uuid, ${d.moderatorId}::uuid, ${d.reason},
                    ${until === null ? null : new Date(until)}::timestamptz, ${event.occurredAt})
                  on conflict (user_id) do update set moderator_id = excluded.moderator_id,
                    reason = excluded.reason, until = excluded.until,
                    created_at = excluded.created_at`),
              ]
            : []),
          audit(event, {
            moderatorId: d.moderatorId,
            action,
            targetType: d.targetType,
            targetId: d.targetId,
            memberId: d.userId,
            reason: d.reason,
            until,
          }),
        ];
      }
      case 'MemberReinstated': {
        const d = event.data;
        return [
          statement(qb.deleteFrom('member_suspensions').where('user_id', '=', d.userId)),
          audit(event, {
            moderatorId: d.moderatorId,
            action: 'reinstate',
            targetType: 'member',
            targetId: d.userId,
            memberId: d.userId,
            reason: REINSTATED,
            until: null,
          }),
        ];
      }
      case 'AccountDeleted':
        return eraseMemberModeration(event.data.userId);
      default:
        return [];
    }
  },
};

/** What the audit list says of a lifted suspension, which takes no reason. */
export const REINSTATED = 'Suspension lifted';
