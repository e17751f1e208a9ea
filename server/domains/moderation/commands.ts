import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { NewEvent } from '../../../shared/events';
import {
  moderationMessages as m,
  type AuditEntry,
  type CreateReport,
  type ModerationAction,
} from '../../../shared/moderation';
import type { Role } from '../../../shared/auth/schemas';
import { appendTo, defineCommand, type Decision } from '../../core/command';
import { conflict, forbidden, invalid, notFound } from '../../core/errors';
import { exists, streamVersion, value } from '../../core/reads';
import { qb } from '../../db/statement';
import { closeAllSessions } from '../auth/sessions';
import { userStreamId } from '../auth/streams';
import { auditEntryReply } from './moderation-read';
import {
  contentModerationStreamId,
  idOrNone,
  memberModerationStreamId,
  reportStreamId,
} from './streams';
import { memberRead, targetRead, type MemberTarget, type Target } from './targets';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Files a member's report of a post or comment they may see: never their own, once per target
 * (a second report meets the first's stream version, so even two at once make one).
 */
export const reportContent = defineCommand({
  name: 'moderation.report',
  load: ({
    reporterId,
    report,
  }: {
    reporterId: string;
    report: CreateReport;
    reportId: string;
  }) => ({
    version: streamVersion(reportStreamId(idOrNone(report.targetId), reporterId)),
    target: targetRead(report.targetType, report.targetId, reporterId),
  }),
  decide({ version, target }, { reporterId, report, reportId }) {
    if (!target || !target.visible) throw notFound(m.notFound);
    if (target.authorId === reporterId) throw forbidden('own-content', m.ownContent);
    if (version > 0) throw conflict('already-reported', m.alreadyReported);
    const note = report.note === undefined || report.note === '' ? null : report.note;
    return {
      appends: [
        appendTo(reportStreamId(target.targetId, reporterId), 0, [
          {
            type: 'ContentReported',
            data: {
              reportId,
              reporterId,
              targetType: target.targetType,
              targetId: target.targetId,
              postId: target.postId,
              authorId: target.authorId,
              reason: report.reason,
              note,
            },
          },
        ]),
      ],
      result: {
        id: reportId,
        targetType: target.targetType,
        targetId: target.targetId,
        reason: report.reason,
      },
    };
  },
});

/** Nobody moderates themselves; a moderator never acts on an owner (owners on each other may). */
function checkMayAct(actorId: string, actorRole: Role, subjectId: string, subjectRole: Role) {
  if (subjectId === actorId) throw forbidden('own-content', m.ownModeration);
  if (subjectRole === 'owner' && actorRole !== 'owner') {
    throw forbidden('owner-protected', m.ownerProtected);
  }
}

export interface ModerationInput {
  moderatorId: string;
  moderatorRole: Role;
  targetType: 'post' | 'comment' | 'member';
  targetId: string;
  action: ModerationAction;
  reason: string;
  days?: number;
}

/** The suspension's end, from the moment decided: `days` from now, or none (indefinite). */
const suspensionEnd = (days: number | undefined, now: Date) =>
  days === undefined ? null : new Date(now.getTime() + days * DAY_MS).toISOString();

function memberEvent(
  input: ModerationInput,
  subject: { id: string },
  target: { type: 'post' | 'comment' | 'member'; id: string },
  now: Date,
): NewEvent {
  const common = {
    userId: subject.id,
    moderatorId: input.moderatorId,
    reason: input.reason,
    targetType: target.type,
    targetId: target.id,
  };
  return input.action === 'warn'
    ? { type: 'MemberWarned', data: common }
    : { type: 'MemberSuspended', data: { ...common, until: suspensionEnd(input.days, now) } };
}

/**
 * One moderator action, one event: approve, hide or remove a post or comment (on its
 * `moderation-<id>` stream), or warn or suspend its author or a member named directly (on
 * theirs). A suspension ends the member's sessions in the same transaction. The reply is the
 * audit entry the action became.
 */
export const moderate = defineCommand({
  name: 'moderation.act',
  load: (input: ModerationInput) => {
    const { targetType, targetId } = input;
    const id = idOrNone(targetId);
    // A content target is read with its author's member stream; a member target alone.
    if (targetType === 'member') {
      return {
        target: value(sql<Target | null>`null`),
        member: memberRead(targetId),
        contentVersion: streamVersion(contentModerationStreamId(id)),
        memberVersion: streamVersion(memberModerationStreamId(id)),
      };
    }
    return {
      target: targetRead(targetType, targetId, input.moderatorId),
      member: value(sql<MemberTarget | null>`null`),
      contentVersion: streamVersion(contentModerationStreamId(id)),
      memberVersion: streamVersion(
        sql<string>`'moderation-member-' || coalesce((select author_id::text
          from ${sql.table(targetType === 'post' ? 'posts' : 'comments')}
          where id = ${id}::uuid), '')`,
      ),
    };
  },
  decide(
    { target, member: named, contentVersion, memberVersion },
    input,
  ): Decision<AuditEntry | null> {
    const now = new Date();
    if (input.days !== undefined && input.action !== 'suspend') {
      throw invalid('days-only-for-suspend', m.daysOnlyForSuspend, { days: m.daysOnlyForSuspend });
    }
    if (input.targetType === 'member') {
      if (input.action !== 'warn' && input.action !== 'suspend') {
        throw invalid('member-target-action', m.memberTargetAction, {
          action: m.memberTargetAction,
        });
      }
      if (!named) throw notFound(m.memberNotFound);
      checkMayAct(input.moderatorId, input.moderatorRole, named.id, named.role);
      const streamId = memberModerationStreamId(named.id);
      return {
        appends: [
          appendTo(streamId, memberVersion, [
            memberEvent(input, named, { type: 'member', id: named.id }, now),
          ]),
        ],
        effects: input.action === 'suspend' ? [closeAllSessions(named.id)] : [],
        reply: auditEntryReply(`${streamId}@${memberVersion + 1}`),
      };
    }
    if (!target) throw notFound(m.notFound);
    checkMayAct(input.moderatorId, input.moderatorRole, target.authorId, target.authorRole);
    if (input.action === 'warn' || input.action === 'suspend') {
      const streamId = memberModerationStreamId(target.authorId);
      return {
        appends: [
          appendTo(streamId, memberVersion, [
            memberEvent(
              input,
              { id: target.authorId },
              { type: target.targetType, id: target.targetId },
              now,
            ),
          ]),
        ],
        effects: input.action === 'suspend' ? [closeAllSessions(target.authorId)] : [],
        reply: auditEntryReply(`${streamId}@${memberVersion + 1}`),
      };
    }
    const streamId = contentModerationStreamId(target.targetId);
    return {
      appends: [
        appendTo(streamId, contentVersion, [
          {
            type: 'ContentModerated',
            data: {
              targetType: target.targetType,
              targetId: target.targetId,
              postId: target.postId,
              authorId: target.authorId,
              moderatorId: input.moderatorId,
              action: input.action,
              reason: input.reason,
            },
          },
        ]),
      ],
      reply: auditEntryReply(`${streamId}@${contentVersion + 1}`),
    };
  },
});

/** Lifts a member's suspension before its end; a member not suspended is refused. */
export const reinstateMember = defineCommand({
  name: 'moderation.reinstate',
  load: ({ userId }: { moderatorId: string; moderatorRole: Role; userId: string }) => ({
    version: streamVersion(memberModerationStreamId(idOrNone(userId))),
    member: memberRead(userId),
    suspended: exists(
      qb
        .selectFrom('member_suspensions')
        .select('user_id')
        .where('user_id', '=', idOrNone(userId))
        .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', new Date())])),
    ),
  }),
  decide({ version, member, suspended }, { moderatorId, moderatorRole }) {
    if (!member) throw notFound(m.memberNotFound);
    checkMayAct(moderatorId, moderatorRole, member.id, member.role);
    if (!suspended) throw invalid('not-suspended', m.notSuspended);
    const streamId = memberModerationStreamId(member.id);
    return {
      appends: [
        appendTo(streamId, version, [
          { type: 'MemberReinstated', data: { userId: member.id, moderatorId } },
        ]),
      ],
      reply: auditEntryReply(`${streamId}@${version + 1}`),
    };
  },
});

/** The owner makes a member a moderator; an owner already moderates. */
export const appointModerator = defineCommand({
  name: 'moderation.appoint',
  load: ({ userId }: { ownerId: string; userId: string }) => ({
    version: streamVersion(userStreamId(idOrNone(userId))),
    member: memberRead(userId),
  }),
  decide({ version, member }, { ownerId }): Decision<void> {
    if (!member) throw notFound(m.memberNotFound);
    if (member.role === 'owner') throw invalid('already-owner', m.alreadyOwner);
    if (member.role === 'moderator') return {};
    return {
      appends: [
        appendTo(userStreamId(member.id), version, [
          { type: 'ModeratorAppointed', data: { userId: member.id, byUserId: ownerId } },
        ]),
      ],
    };
  },
});

/** The owner makes a moderator a member again. */
export const dismissModerator = defineCommand({
  name: 'moderation.dismiss',
  load: ({ userId }: { ownerId: string; userId: string }) => ({
    version: streamVersion(userStreamId(idOrNone(userId))),
    member: memberRead(userId),
  }),
  decide({ version, member }, { ownerId }): Decision<void> {
    if (!member) throw notFound(m.memberNotFound);
    if (member.role !== 'moderator') throw invalid('not-moderator', m.notModerator);
    return {
      appends: [
        appendTo(userStreamId(member.id), version, [
          { type: 'ModeratorDismissed', data: { userId: member.id, byUserId: ownerId } },
        ]),
      ],
    };
  },
});

export const newReportId = (): string => randomUUID();
